import Foundation
import GameCore
import ParlorEvents

/// A change to a game, to a user's matchmaking, or to where a user is: Play's notices on the bus.
///
/// A notice carries no view and no hidden information: each node renders every receiver's own
/// view from the game's stored record. A `moved` notice may carry the move itself (an action
/// every player sees anyway), so a node holding the game one move behind advances its copy by
/// the deterministic rules instead of loading the record again. On PostgreSQL it is the payload
/// of a `NOTIFY`, so it stays far below the 8,000-byte limit (chat text is capped well below it).
package enum GameNotice: BusNotice {
    /// A move (or a resignation or timeout) was applied; `seq` is the game's sequence after it.
    /// `move` is that move, when it is all that changed.
    case moved(game: UUID, seq: Int, move: NoticedMove? = nil)
    /// The game started; seats are assigned.
    case started(game: UUID)
    /// The game ended; `seq` is its final sequence number.
    case ended(game: UUID, seq: Int)
    /// `user` took a seat in a waiting game.
    case joined(game: UUID, user: String)
    /// `user`'s last connection to the game closed at `at` (milliseconds since 1970).
    case left(game: UUID, user: String, seat: Int?, at: Int64)
    /// `user` came back to a game they had left.
    case reconnected(game: UUID, user: String, seat: Int?)
    /// A line of the game's chat.
    case chat(game: UUID, line: ChatLine)
    /// `user` was put in `game` by quick match.
    case matched(game: UUID, user: String)
    /// `user` was invited to the waiting `game` by `from`; the invitation expires at `expiresAt`.
    case invited(game: UUID, user: String, invitation: String, from: String, expiresAt: Int64)
    /// The game's seats changed without a move: a player deleted their account, so their name
    /// is gone and their place in a waiting game given up. Copies of the game are stale.
    case seatsChanged(game: UUID)
    /// The waiting `game` was cancelled or expired: told to `user`, one of its players or
    /// pending invitees, wherever they are (``GameService/abandon(_:by:)``).
    case abandoned(game: UUID, user: String)
    /// `user` came online, went offline, or entered or left a game: their friends' connections
    /// load where they now are. Carries no state, so nodes never disagree about it.
    case presenceChanged(user: String)

    /// The game the notice is about; nil for one about a user alone.
    package var game: UUID? {
        switch self {
        case .moved(let game, _, _), .started(let game), .ended(let game, _), .joined(let game, _), .left(let game, _, _, _),
            .reconnected(let game, _, _), .chat(let game, _), .matched(let game, _), .invited(let game, _, _, _, _), .seatsChanged(let game),
            .abandoned(let game, _):
            game
        case .presenceChanged: nil
        }
    }

    /// The game's sequence number this notice brings it to, for the notices that change it.
    package var seq: Int? {
        switch self {
        case .moved(_, let seq, _), .ended(_, let seq): seq
        case .started: 0
        default: nil
        }
    }

    /// The one user a notice is addressed to, whether or not they follow the game.
    package var recipient: String? {
        switch self {
        case .matched(_, let user), .invited(_, let user, _, _, _), .abandoned(_, let user):
            user
        default: nil
        }
    }

    /// The notice's kind, as logs and the wire name it.
    package var kind: String {
        switch self {
        case .moved: "moved"
        case .started: "started"
        case .ended: "ended"
        case .joined: "joined"
        case .left: "left"
        case .reconnected: "reconnected"
        case .chat: "chat"
        case .matched: "matched"
        case .invited: "invited"
        case .seatsChanged: "seats_changed"
        case .abandoned: "abandoned"
        case .presenceChanged: "presence_changed"
        }
    }

    package static let kinds = [
        "moved", "started", "ended", "joined", "left", "reconnected", "chat", "matched", "invited", "seats_changed", "presence_changed", "abandoned",
    ]

    /// A game's notices go to its subscribers, a match or an invitation to the user wherever they
    /// are, a presence change to those who follow it.
    package var audience: NoticeAudience {
        if case .presenceChanged(let user) = self { return .followers(of: user) }
        if let recipient { return .user(recipient) }
        return game.map { .subscribers(of: $0) } ?? .services
    }
}

/// A chat message as every follower of the game receives it.
package struct ChatLine: Codable, Sendable, Equatable {
    /// The stored line's id (`game_chat`); nil only in notices from a node that kept no chat.
    package var id: Int64?
    package var user: String
    package var seat: Int?
    package var name: String
    package var text: String
    /// Milliseconds since 1970.
    package var at: Int64
    /// Players who block the sender or whom the sender blocks: they are not sent the line (and
    /// the sender is not told).
    package var hiddenFrom: [String]

    package init(id: Int64? = nil, user: String, seat: Int?, name: String, text: String, at: Int64, hiddenFrom: [String] = []) {
        self.id = id
        self.user = user
        self.seat = seat
        self.name = name
        self.text = text
        self.at = at
        self.hiddenFrom = hiddenFrom
    }
}

/// The stored entry of a move and the turn deadline it set: what a node needs to advance its
/// copy of the game by that move.
package struct NoticedMove: Codable, Sendable, Equatable {
    package var seat: Int
    package var kind: String
    package var action: String?
    package var moveID: String?
    package var at: Int64
    package var deadline: Int64?

    enum CodingKeys: String, CodingKey {
        case seat, kind, action, moveID = "move_id", at, deadline
    }

    package init(_ entry: MoveEntry, deadline: Int64?) {
        seat = entry.seat
        kind = entry.kind.rawValue
        action = entry.action
        moveID = entry.moveID
        at = entry.at
        self.deadline = deadline
    }

    package func entry(seq: Int) -> MoveEntry? {
        MoveEntry.Kind(rawValue: kind).map { MoveEntry(seq: seq, seat: seat, kind: $0, action: action, moveID: moveID, at: at) }
    }
}
