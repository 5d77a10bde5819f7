import Foundation

/// A notice on the wire between nodes: one flat JSON object tagged by `kind`, as `NOTIFY` carries it
/// (except a move with its entry, which travels in ``GameNotice/compactPayload``'s compact form).
extension GameNotice: Codable {
    private enum Key: String, CodingKey {
        case kind, game, seq, user, seat, text, name, at, move, invitation, from, hidden, id
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.decode(String.self, forKey: .kind)
        if kind == "presence_changed" {
            self = .presenceChanged(user: try c.decode(String.self, forKey: .user))
            return
        }
        let game = try c.decode(UUID.self, forKey: .game)
        switch kind {
        case "moved": self = .moved(game: game, seq: try c.decode(Int.self, forKey: .seq), move: try c.decodeIfPresent(NoticedMove.self, forKey: .move))
        case "started": self = .started(game: game)
        case "ended": self = .ended(game: game, seq: try c.decode(Int.self, forKey: .seq))
        case "joined": self = .joined(game: game, user: try c.decode(String.self, forKey: .user))
        case "left":
            self = .left(
                game: game, user: try c.decode(String.self, forKey: .user), seat: try c.decodeIfPresent(Int.self, forKey: .seat),
                at: try c.decode(Int64.self, forKey: .at))
        case "reconnected":
            self = .reconnected(game: game, user: try c.decode(String.self, forKey: .user), seat: try c.decodeIfPresent(Int.self, forKey: .seat))
        case "chat":
            let line = ChatLine(
                id: try c.decodeIfPresent(Int64.self, forKey: .id), user: try c.decode(String.self, forKey: .user), seat: try c.decodeIfPresent(Int.self, forKey: .seat),
                name: try c.decode(String.self, forKey: .name), text: try c.decode(String.self, forKey: .text), at: try c.decode(Int64.self, forKey: .at),
                hiddenFrom: try c.decodeIfPresent([String].self, forKey: .hidden) ?? [])
            self = .chat(game: game, line: line)
        case "matched": self = .matched(game: game, user: try c.decode(String.self, forKey: .user))
        case "invited":
            self = .invited(
                game: game, user: try c.decode(String.self, forKey: .user), invitation: try c.decode(String.self, forKey: .invitation),
                from: try c.decode(String.self, forKey: .from), expiresAt: try c.decode(Int64.self, forKey: .at))
        case "seats_changed": self = .seatsChanged(game: game)
        case "abandoned": self = .abandoned(game: game, user: try c.decode(String.self, forKey: .user))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown notice kind '\(kind)'")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(game, forKey: .game)
        switch self {
        case .moved(_, let seq, let move):
            try c.encode(seq, forKey: .seq)
            try c.encodeIfPresent(move, forKey: .move)
        case .started, .seatsChanged:
            break
        case .ended(_, let seq):
            try c.encode(seq, forKey: .seq)
        case .joined(_, let user), .matched(_, let user), .presenceChanged(let user), .abandoned(_, let user):
            try c.encode(user, forKey: .user)
        case .left(_, let user, let seat, let at):
            try c.encode(user, forKey: .user)
            try c.encodeIfPresent(seat, forKey: .seat)
            try c.encode(at, forKey: .at)
        case .reconnected(_, let user, let seat):
            try c.encode(user, forKey: .user)
            try c.encodeIfPresent(seat, forKey: .seat)
        case .chat(_, let line):
            try c.encodeIfPresent(line.id, forKey: .id)
            try c.encode(line.user, forKey: .user)
            try c.encodeIfPresent(line.seat, forKey: .seat)
            try c.encode(line.name, forKey: .name)
            try c.encode(line.text, forKey: .text)
            try c.encode(line.at, forKey: .at)
            if !line.hiddenFrom.isEmpty { try c.encode(line.hiddenFrom, forKey: .hidden) }
        case .invited(_, let user, let invitation, let from, let expiresAt):
            try c.encode(user, forKey: .user)
            try c.encode(invitation, forKey: .invitation)
            try c.encode(from, forKey: .from)
            try c.encode(expiresAt, forKey: .at)
        }
    }
}
