import Foundation
import Logging
import ParlorAPI
import ParlorDatabase
import ParlorEvents
import SQLKit

/// Where a user is, as their friends see it: online (a real-time connection on a live node) and
/// the games in progress they are connected to.
package struct UserActivity: Sendable, Equatable {
    package struct Playing: Sendable, Equatable {
        package var game: UUID
        package var gameType: String
    }

    package var online: Bool
    package var games: [Playing]

    package static let offline = UserActivity(online: false, games: [])
}

extension PresenceService {
    /// One more real-time connection of `user` on this node; when it is their first, their friends hear of it.
    package func online(_ user: String) async {
        await changeSockets(of: user, by: 1)
    }

    /// One of `user`'s connections on this node closed; when it was their last, their friends hear
    /// of it. Runs to the end even when the caller is cancelled.
    package func offline(_ user: String) async {
        await Task { await changeSockets(of: user, by: -1) }.value
    }

    private func changeSockets(of user: String, by delta: Int) async {
        do {
            guard try await userSockets.change(user, by: delta) else { return }
        } catch {
            return logger.warning("online presence update failed", metadata: ["user": "\(user)", "error": "\(error)"])
        }
        if delta < 0 { await dropQuickMatchEntries(ofOffline: [user]) }
        await bus.publish(GameNotice.presenceChanged(user: user))
    }

    /// Each of `users`' activity, read from the database so every node answers the same.
    package func activity(of users: [String]) async throws -> [String: UserActivity] {
        guard !users.isEmpty else { return [:] }
        return try await database.withConnection { sql in
            let online = try await sql.raw("""
                SELECT DISTINCT s.user_id FROM user_sockets s JOIN parlor_nodes n ON n.id = s.node
                WHERE s.user_id IN (\(binds: users)) AND s.sockets > 0
                """).all().map { try $0.decode(column: "user_id", as: String.self) }
            let playing = try await sql.raw("""
                SELECT p.user_id, g.id, g.game_type FROM game_players p JOIN games g ON g.id = p.game
                WHERE p.user_id IN (\(binds: users)) AND p.connections > 0 AND g.status = 'active' ORDER BY g.id
                """).all()
            var answer = Dictionary(uniqueKeysWithValues: users.map { ($0, UserActivity.offline) })
            for user in online { answer[user]?.online = true }
            for row in playing {
                let user = try row.decode(column: "user_id", as: String.self)
                guard let game = UUID(parsing: try row.decode(column: "id", as: String.self)) else { continue }
                answer[user]?.games.append(.init(game: game, gameType: try row.decode(column: "game_type", as: String.self)))
            }
            return answer
        }
    }
}

extension NodePresenceStore {
    /// Forgets a swept node's user connections; answers the users it held.
    static func sweepSockets(of node: String, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("DELETE FROM user_sockets WHERE node = \(bind: node) RETURNING user_id").all()
            .map { try $0.decode(column: "user_id", as: String.self) }
    }
}
