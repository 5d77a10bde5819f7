import Foundation
import ParlorAPI
import ParlorAccounts
import SQLKit

/// One row of `quick_match_queue`.
struct QuickMatchRow: Sendable {
    /// What a player waits for; rows of one kind are paired with each other.
    struct Kind: Sendable, Hashable {
        var game: String
        var players: Int
        var mode: String
    }

    var user: String
    var kind: Kind
    var rating: Int
    var enqueuedAt: Int64
    var matchedGame: String?

    static let columns = ["user_id", "game_type", "players", "mode", "rating", "enqueued_at", "matched_game"]

    /// The game the player was matched into.
    var match: UUID? { matchedGame.flatMap { UUID(parsing: $0) } }

    init(row: any SQLRow) throws {
        user = try row.decode(column: "user_id", as: String.self)
        kind = Kind(
            game: try row.decode(column: "game_type", as: String.self), players: try row.decode(column: "players", as: Int.self),
            mode: try row.decode(column: "mode", as: String.self))
        rating = try row.decode(column: "rating", as: Int.self)
        enqueuedAt = try row.decode(column: "enqueued_at", as: Int64.self)
        matchedGame = try row.decodeNil(column: "matched_game") ? nil : try row.decode(column: "matched_game", as: String.self)
    }
}

/// SQL over `quick_match_queue`.
enum QuickMatchStore {
    static func entry(of user: String, on sql: any SQLDatabase) async throws -> QuickMatchRow? {
        try await sql.select().columns(QuickMatchRow.columns).from("quick_match_queue").where("user_id", .equal, user).first()
            .map(QuickMatchRow.init(row:))
    }

    /// Puts the user in the queue, replacing any entry they had.
    static func enqueue(_ user: String, kind: QuickMatchRow.Kind, rating: Int, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO quick_match_queue (user_id, game_type, players, mode, rating, enqueued_at, matched_game)
            VALUES (\(bind: user), \(bind: kind.game), \(bind: kind.players), \(bind: kind.mode), \(bind: rating), \(bind: now), NULL)
            ON CONFLICT (user_id) DO UPDATE SET game_type = excluded.game_type, players = excluded.players, mode = excluded.mode,
                rating = excluded.rating, enqueued_at = excluded.enqueued_at, matched_game = NULL
            """).run()
    }

    static func remove(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "quick_match_queue").where("user_id", .equal, user).run()
    }

    /// The kinds somebody is waiting for.
    static func waitingKinds(on sql: any SQLDatabase) async throws -> [QuickMatchRow.Kind] {
        try await sql.raw("SELECT DISTINCT game_type, players, mode FROM quick_match_queue WHERE matched_game IS NULL").all().map { row in
            .init(
                game: try row.decode(column: "game_type", as: String.self), players: try row.decode(column: "players", as: Int.self),
                mode: try row.decode(column: "mode", as: String.self))
        }
    }

    /// The unmatched rows of one kind, oldest first; on PostgreSQL locked for the transaction,
    /// skipping rows another node holds.
    static func waiting(_ kind: QuickMatchRow.Kind, on sql: any SQLDatabase) async throws -> [QuickMatchRow] {
        let suffix: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE SKIP LOCKED"
        return try await sql.raw("""
            SELECT user_id, game_type, players, mode, rating, enqueued_at, matched_game FROM quick_match_queue
            WHERE game_type = \(bind: kind.game) AND players = \(bind: kind.players) AND mode = \(bind: kind.mode)
            AND matched_game IS NULL ORDER BY enqueued_at, user_id\(suffix)
            """).all().map(QuickMatchRow.init(row:))
    }

    /// Marks the still-unmatched `users` matched to `game`; answers how many it marked.
    static func match(_ users: [String], to game: String, on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("""
            UPDATE quick_match_queue SET matched_game = \(bind: game)
            WHERE matched_game IS NULL AND user_id IN (\(binds: users)) RETURNING user_id
            """).all().count
    }
}
