import Foundation
import GameCore
import HTTPTypes
import Logging
import ParlorAPI
import ParlorStore

/// The game side of the real-time channel: presence, moves over the socket, and rendering each
/// receiver's own frames from the stored game.
extension PlayService: RealtimePlay {
    func authenticate(token: String) async throws -> AuthenticatedUser {
        try await accounts.authenticate(token: token)
    }

    func subscribe(user: AuthenticatedUser, game id: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?) {
        do {
            var game = try await live(id)
            if let seat = game.seatRow(of: user.userID) {
                let now = millis
                let waiting = game.row.status == .waiting
                // Whether they had left is read from the database, not this node's copy: their
                // leaving may have been recorded a moment ago, or on another node. A waiting game
                // this connection completes starts in the same transaction.
                let (change, started) = try await database.transaction { sql -> (PlayStore.Connection?, StartedGame?) in
                    // Locks in the order a start takes them, the game's row before its seats':
                    // two players connecting at once would deadlock otherwise.
                    let row = waiting ? try await PlayStore.game(id, locked: true, on: sql) : nil
                    let change = try await PlayStore.connect(user.userID, to: id, at: now, on: sql)
                    guard change != nil else { return (change, nil) }
                    try await NodePresenceStore.connect(user.userID, to: id, node: node, on: sql)
                    guard let row else { return (change, nil) }
                    return (change, try await self.start(row, at: now, on: sql))
                }
                if change?.wasAway == true, game.row.status == .active {
                    await bus.publish(GameNotice(kind: .reconnected, game: id, user: user.userID, seat: seat.seat))
                }
                if let started {
                    game = try await announce(started)
                } else {
                    // Presence is all that changed: the copy is patched, not loaded again.
                    cache.present(id, user: user.userID, connections: change?.connections ?? 1, awaySince: nil)
                    game = try await live(id)
                }
            } else if !game.engine.policy.supportsSpectators {
                return ([APIError.notAPlayer().realtime(game: id)], nil)
            }
            let seq = game.row.status == .waiting ? -1 : game.row.seq
            let missed = since.map { since in game.entries.filter { $0.seq > since } } ?? []
            return ([try stateFrame(of: game, for: user.userID, missed: missed)], seq)
        } catch {
            return ([Self.apiError(error).realtime(game: id)], nil)
        }
    }

    /// Runs to the end even when the caller is cancelled (a session closing, the server
    /// stopping): a connection count left one too high would show the player present for good.
    func unsubscribe(user: AuthenticatedUser, game id: UUID) async {
        await Task { await leave(user: user, game: id) }.value
    }

    private func leave(user: AuthenticatedUser, game id: UUID) async {
        let now = millis
        do {
            let count = try await NodePresenceStore.disconnect(user.userID, from: id, node: node, at: now, on: database)
            guard count == 0 else { return }
        } catch {
            return logger.warning("presence update failed", metadata: ["game": "\(id)", "error": "\(error)"])
        }
        await wentAway(user.userID, from: id, at: now)
    }

    /// `user` has no connection to the game left: the others are told, and when it is their
    /// turn in a real-time game, the grace period starts now.
    func wentAway(_ user: String, from id: UUID, at now: Int64) async {
        do {
            cache.present(id, user: user, connections: 0, awaySince: now)
            let game = try await live(id)
            await bus.publish(GameNotice(kind: .left, game: id, user: user, seat: game.seat(of: user), at: now))
            if game.row.status == .active, let deadline = deadline(for: game, now: now), deadline < (game.row.deadlineAt ?? .max) {
                try await database.withConnection { sql in try await PlayStore.setDeadline(id, deadline, on: sql) }
                cache.remove(id)
            }
        } catch {
            logger.warning("presence update failed", metadata: ["game": "\(id)", "error": "\(error)"])
        }
    }

    func move(user: AuthenticatedUser, message: Data) async -> [OutgoingFrame] {
        guard let envelope = try? JSONDecoder().decode(MoveEnvelope.self, from: message) else {
            return [APIError(.badRequest, code: "malformed", message: "a move needs game, move_id and action").realtime()]
        }
        do {
            let outcome = try await move(
                envelope.game, user: user.userID, moveID: envelope.moveID, request: .action(envelope.action.data), expectedSeq: envelope.seq)
            return [OutgoingFrame.encoding(RealtimeAck(game: envelope.game, moveId: envelope.moveID, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).realtime(game: envelope.game, moveID: envelope.moveID)]
        }
    }

    func resign(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame] {
        do {
            let outcome = try await move(game, user: user.userID, moveID: moveId, request: .resign)
            return [OutgoingFrame.encoding(RealtimeAck(game: game, moveId: moveId, seq: outcome.seq, repeated: outcome.repeated))]
        } catch {
            return [Self.apiError(error).realtime(game: game, moveID: moveId)]
        }
    }

    static let chatLimit = 500

    func chat(user: AuthenticatedUser, game id: UUID, text: String) async -> [OutgoingFrame] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Self.chatLimit else {
            return [APIError(.badRequest, code: "chat_too_long", message: "a chat message has 1–\(Self.chatLimit) characters").realtime(game: id)]
        }
        do {
            let game = try await live(id)
            guard let seat = game.seatRow(of: user.userID) else { return [APIError.notAPlayer().realtime(game: id)] }
            await bus.publish(GameNotice(kind: .chat, game: id, user: user.userID, seat: seat.seat, text: trimmed, name: seat.name, at: millis))
            return []
        } catch {
            return [Self.apiError(error).realtime(game: id)]
        }
    }

    func render(_ notice: GameNotice, for user: AuthenticatedUser, after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int) {
        do {
            return try await rendering(notice, for: user.userID, after: lastSent)
        } catch {
            logger.warning("render failed", metadata: ["game": "\(notice.game)", "error": "\(error)"])
            return ([], lastSent)
        }
    }

    static func apiError(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? GameError { return .illegalMove(error) }
        return APIError(.internalServerError, code: "internal_error", message: "the server could not do this")
    }
}

/// The fields of a `move` message the service reads before it knows the game's action type.
private struct MoveEnvelope: Decodable {
    var game: UUID
    var moveID: String
    var action: RawJSON
    var seq: Int?

    enum CodingKeys: String, CodingKey { case game, moveID = "move_id", action, seq }
}
