import Foundation
import GameCore
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// Each receiver's frames, rendered from the stored game: a player's view for their seat, a
/// spectator's view for anyone else, never more; chat and presence only to those play says may
/// have them (a private game's to its players, nothing of a player to a user they block).
extension PlayChannel {
    func rendering(_ notice: GameNotice, for user: String, after lastSent: Int) async throws -> (frames: [OutgoingFrame], lastSent: Int) {
        switch notice {
        case .moved, .started, .ended:
            return try await progress(notice, for: user, after: lastSent)
        case .joined(let game, let player):
            return (try await presence(.playerJoined, of: player, seat: nil, in: game, for: user), lastSent)
        case .left(let game, let player, let seat, _):
            return (try await presence(.playerLeft, of: player, seat: seat, in: game, for: user), lastSent)
        case .reconnected(let game, let player, let seat):
            return (try await presence(.playerReconnected, of: player, seat: seat, in: game, for: user), lastSent)
        case .chat(let game, let line):
            guard try await play.presence.hears(line, in: game, receiver: user) else { return ([], lastSent) }
            return ([.encoding(RealtimeChatMessage(id: line.id.map(String.init), game: game, user: line.user, name: line.name, text: line.text, at: Date(millis: line.at)))], lastSent)
        case .matched(let game, let recipient):
            guard recipient == user else { return ([], lastSent) }
            return ([.encoding(RealtimeMatchFound(game: game))], lastSent)
        case .invited(let game, let recipient, let invitation, let from, let expiresAt):
            guard recipient == user else { return ([], lastSent) }
            return ([.encoding(RealtimeInvitation(game: game, invitation: invitation, from: from, expiresAt: Date(millis: expiresAt)))], lastSent)
        case .abandoned(let game, let recipient):
            guard recipient == user else { return ([], lastSent) }
            return ([try await abandonedState(of: game, for: user)], lastSent)
        case .seatsChanged, .presenceChanged:
            // Only names and waiting seats change; the next state a follower gets carries them. A
            // presence change is rendered by the social channel, for the user's friends.
            return ([], lastSent)
        }
    }

    /// A player's arrival or departure, for those who may see it: never a private game's to a
    /// stranger, nor a player's to a user they block.
    private func presence(
        _ type: RealtimeServerMessageType, of player: String, seat: Int?, in game: UUID, for user: String
    ) async throws -> [OutgoingFrame] {
        guard try await play.presence.seesPresence(of: player, in: game, receiver: user) else { return [] }
        return [.encoding(RealtimePresence(type: type, game: game, user: player, seat: seat))]
    }

    /// The frames of a notice that moves the game on: its start, moves, and end.
    private func progress(_ notice: GameNotice, for user: String, after lastSent: Int) async throws -> (frames: [OutgoingFrame], lastSent: Int) {
        var game = try await play.games.live(noticed: notice)
        // A copy that has not caught up with the notice (one loaded as the game started, say)
        // would render nothing: the receiver would never hear of the start or the end.
        let behind =
            switch notice {
            case .started: game.row.status == .waiting
            case .ended: game.row.status != .completed || game.seats.contains(where: { $0.seat != nil && $0.ratingAfter == nil })
            default: false
            }
        if behind { game = try await play.games.reload(game.id) }
        // A player who left a private game may still follow it; what it does next is not theirs to see.
        guard game.seatRow(of: user) != nil || game.admitsSpectators || game.row.status.isOver else { return ([], lastSent) }
        var (frames, sent) = try moves(of: game, for: user, after: lastSent)
        if case .ended = notice, let outcome = game.row.outcome {
            let ratings = game.seats.compactMap { seat -> RealtimeRatingChange? in
                guard let number = seat.seat, let before = seat.ratingBefore, let after = seat.ratingAfter else { return nil }
                return RealtimeRatingChange(user: seat.user, seat: number, before: before, after: after)
            }.sorted { $0.seat < $1.seat }
            frames.append(.encoding(RealtimeGameEnded(game: game.id, seq: game.row.seq, outcome: RealtimeOutcome(outcome), ratings: ratings)))
            sent = max(sent, game.row.seq)
        }
        return (frames, sent)
    }

    /// `game_started` and `move_made` frames from `lastSent + 1` on, each with the view after
    /// it; when the states that far back are gone, one `state` frame with the missed moves.
    private func moves(of game: LiveGame, for user: String, after lastSent: Int) throws -> (frames: [OutgoingFrame], lastSent: Int) {
        guard game.row.status != .waiting, game.row.seq > lastSent else { return ([], lastSent) }
        let seat = game.seat(of: user)
        var frames: [OutgoingFrame] = []
        var next = lastSent + 1
        if lastSent < 0, let initial = game.state(at: 0) {
            let started = RealtimeGameStarted(
                game: game.id, seq: 0, seat: seat, seats: Self.seats(of: game), view: GameValue(try game.engine.view(of: initial, seat: seat)))
            frames.append(.encoding(started))
            next = 1
        }
        let seq = game.row.seq
        guard next <= seq else { return (frames, max(lastSent, 0)) }
        let renderable = (next...seq).allSatisfy { game.state(at: $0) != nil } && game.entries.count >= seq
        guard renderable else {
            let missed = game.entries.filter { $0.seq > max(lastSent, 0) }
            return ([try stateFrame(of: game, for: user, missed: missed)], seq)
        }
        for number in next...seq {
            guard let state = game.state(at: number) else { continue }
            let entry = game.entries[number - 1]
            let moved = RealtimeMoveMade(
                game: game.id, seq: entry.seq, seat: entry.seat, action: entry.action.map { GameValue(JSONFragment(trusted: $0)) },
                kind: entry.kind.rawValue, view: GameValue(try game.engine.view(of: state, seat: seat)))
            frames.append(.encoding(moved))
        }
        return (frames, seq)
    }

    func stateFrame(of game: LiveGame, for user: String, missed: [MoveEntry], chat: [RealtimeChatMessage]? = nil) throws -> OutgoingFrame {
        let seat = game.seat(of: user)
        let engine = game.engine
        let state = RealtimeState(
            game: game.id, gameType: game.row.gameType, seq: game.row.seq, status: game.row.status.rawValue, seat: seat,
            seats: Self.seats(of: game), view: try game.current.map { GameValue(try engine.view(of: $0, seat: seat)) },
            missed: missed.map { entry in
                RealtimeMoveRecord(
                    seq: entry.seq, seat: entry.seat, action: entry.action.map { GameValue(JSONFragment(trusted: $0)) },
                    kind: entry.kind.rawValue)
            },
            outcome: game.row.outcome.map(RealtimeOutcome.init), chat: chat)
        return .encoding(state)
    }

    /// The seats as every message shows them, in seat order.
    static func seats(of game: LiveGame) -> [RealtimeSeat] {
        game.seats.compactMap { row in row.seat.map { RealtimeSeat(seat: $0, user: row.user, name: row.name) } }.sorted { $0.seat < $1.seat }
    }
}

extension RealtimeOutcome {
    init(_ outcome: GameOutcome) { self.init(winners: outcome.winners, winType: outcome.winType.rawValue) }
}
