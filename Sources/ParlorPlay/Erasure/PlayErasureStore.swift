import Foundation
import ParlorAPI
import SQLKit

/// The SQL of forgetting a user in online play, run inside the account deletion's transaction.
enum PlayErasureStore {
    /// A game the user sits at, and what deleting the account does to it.
    struct SeatedGame: Sendable {
        var id: UUID
        var status: GameStatus
        /// A waiting game nobody else would be left in, or a rematch offer (which only starts with
        /// every player of the earlier game) goes away with the user's place in it.
        var dropped: Bool
    }

    static func games(seating user: String, on sql: any SQLDatabase) async throws -> [SeatedGame] {
        let rows = try await sql.raw("""
            SELECT g.id, g.status, g.rematch_of,
                (SELECT COUNT(*) FROM game_players o WHERE o.game = g.id AND o.user_id <> \(bind: user)) AS others
            FROM games g JOIN game_players p ON p.game = g.id
            WHERE p.user_id = \(bind: user)
            """).all()
        return try rows.compactMap { row in
            guard let id = UUID(parsing: try row.decode(column: "id", as: String.self)),
                let status = GameStatus(rawValue: try row.decode(column: "status", as: String.self))
            else { throw PlayStoreError.corruptRow("games") }
            let isRematch = try row.decode(column: "rematch_of", as: String?.self) != nil
            let others = try row.decode(column: "others", as: Int.self)
            return SeatedGame(id: id, status: status, dropped: status == .waiting && (isRematch || others == 0))
        }
    }

    /// Renames the user's seats, gives up their places in waiting games (dropping the games that
    /// would be left pointless), and removes their invitations, queue entry and ratings.
    static func forget(_ user: String, in games: [SeatedGame], as name: String, on sql: any SQLDatabase) async throws {
        try await sql.update("game_players").set("name", to: name).where("user_id", .equal, user).run()
        let waiting = games.filter { $0.status == .waiting }
        let dropped = waiting.filter(\.dropped).map { PlayStore.key($0.id) }
        let left = waiting.filter { !$0.dropped }.map { PlayStore.key($0.id) }
        if !dropped.isEmpty {
            // No foreign key takes a game's moves along on PostgreSQL (``PlayMigrations/movesKey``);
            // a waiting game has none, but a game is never deleted without them.
            try await sql.delete(from: "game_moves").where("game", .in, dropped).run()
            try await sql.delete(from: "games").where("id", .in, dropped).run()
        }
        if !left.isEmpty { try await sql.delete(from: "game_players").where("user_id", .equal, user).where("game", .in, left).run() }
        try await sql.delete(from: "game_invitations").where("from_user", .equal, user).orWhere("to_user", .equal, user).run()
        try await sql.delete(from: "quick_match_queue").where("user_id", .equal, user).run()
        try await forgetRatings(of: user, on: sql)
    }

    static func forgetRatings(of user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "player_ratings").where("user_id", .equal, user).run()
    }
}
