import Foundation
import GameCore
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP

/// Who is connected to a game: a real-time connection attends it, and leaves when it closes;
/// a node that stops beating is swept by the others (``NodePresenceService``).
package struct PresenceService: WorksOnGames {
    package let games: GameService
    /// Who has a real-time connection on this node; one per node, shared by every copy.
    let userSockets: NodeUserSockets

    package init(games: GameService) {
        self.games = games
        userSockets = NodeUserSockets(database: games.database, node: games.node)
    }
}

extension PresenceService {
    /// `user` opened a connection to the game: a player is marked present (a player who had left
    /// is announced as back), and a waiting real-time game that this connection completes starts.
    /// Anyone else may watch a public game that no player blocks them from (``mayWatch(_:user:)``).
    /// Answers the game as it now stands.
    package func attend(_ id: UUID, user: String) async throws -> LiveGame {
        let game = try await live(id)
        guard let seat = game.seatRow(of: user) else {
            guard try await mayWatch(game, user: user) else { throw APIError.notAPlayer() }
            return game
        }
        let now = millis
        let waiting = game.row.status == .waiting
        // Whether they had left is read from the database, not this node's copy: their leaving
        // may have been recorded a moment ago, or on another node. A waiting game this connection
        // completes starts in the same transaction; otherwise PostgreSQL counts the connection
        // in one statement, with no transaction around it.
        let change: PlayStore.Connection?
        let started: GameService.StartedGame?
        if !waiting, database.dialect == .postgres {
            change = try await database.withConnection { sql in try await NodePresenceStore.connect(user, to: id, node: node, at: now, on: sql) }
            started = nil
        } else {
            (change, started) = try await database.transaction { sql -> (PlayStore.Connection?, GameService.StartedGame?) in
                // Locks in the order a start takes them, the game's row before its seats': two
                // players connecting at once would deadlock otherwise.
                let row = waiting ? try await PlayStore.game(id, locked: true, on: sql) : nil
                let change = try await NodePresenceStore.connect(user, to: id, node: node, at: now, on: sql)
                guard change != nil, let row else { return (change, nil) }
                return (change, try await games.start(row, at: now, on: sql))
            }
        }
        if change?.wasAway == true, game.row.status == .active {
            await bus.publish(GameNotice.reconnected(game: id, user: user, seat: seat.seat))
        }
        if change != nil { await bus.publish(GameNotice.presenceChanged(user: user)) }
        if let started { return try await games.announce(started) }
        // Presence is all that changed: the copy is patched, not loaded again.
        cache.present(id, user: user, connections: change?.connections ?? 1, awaySince: nil)
        return try await live(id)
    }

    /// One of `user`'s connections to the game closed. Runs to the end even when the caller is
    /// cancelled (a session closing, the server stopping): a connection count left one too high
    /// would show the player present for good.
    package func leave(_ id: UUID, user: String) async {
        await Task { await departed(id, user: user) }.value
    }

    private func departed(_ id: UUID, user: String) async {
        let now = millis
        do {
            let count = try await NodePresenceStore.disconnect(user, from: id, node: node, at: now, on: database)
            guard count == 0 else { return }
        } catch {
            return logger.warning("presence update failed", metadata: ["game": "\(id)", "error": "\(error)"])
        }
        await wentAway(user, from: id, at: now)
    }

    /// `user` has no connection to the game left: the others are told, and when it is their
    /// turn in a real-time game, the grace period starts now.
    func wentAway(_ user: String, from id: UUID, at now: Int64) async {
        cache.present(id, user: user, connections: 0, awaySince: now)
        let game: LiveGame
        do {
            game = try await live(id)
        } catch {
            return logger.warning("presence update failed", metadata: ["game": "\(id)", "error": "\(error)"])
        }
        // The nearer deadline is stored before the notice goes out: the notice wakes every node's
        // turn timer, which must then find it. The others hear of the departure either way.
        do {
            if game.row.status == .active, let deadline = game.turnDeadline(now: now), deadline < (game.row.deadlineAt ?? .max) {
                try await database.withConnection { sql in try await PlayStore.setDeadline(id, deadline, on: sql) }
                cache.remove(id)
            }
        } catch {
            logger.warning("grace deadline not stored", metadata: ["game": "\(id)", "error": "\(error)"])
        }
        await bus.publish(GameNotice.left(game: id, user: user, seat: game.seat(of: user), at: now))
        await bus.publish(GameNotice.presenceChanged(user: user))
    }
}
