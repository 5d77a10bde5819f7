import ParlorDatabase
import SQLKit
import Social

/// SQL over `achievement_progress`.
enum AchievementStore {
    struct Row: Sendable {
        var game: String
        var key: String
        var progress: AchievementProgress
        var unlockedAt: Int64?
    }

    /// `user`'s progress in `game`, locked for the caller's transaction (PostgreSQL).
    static func progress(of user: String, game: String, locked: Bool, on sql: any SQLDatabase) async throws -> [String: Row] {
        let lock: SQLQueryString = locked && sql.dialect.name != "sqlite" ? " FOR UPDATE" : ""
        let rows = try await sql.raw("""
            SELECT game, achievement, value, unlocked_at FROM achievement_progress WHERE user_id = \(bind: user) AND game = \(bind: game)\(lock)
            """).all()
        var answer: [String: Row] = [:]
        for row in try rows.map(Self.row) { answer[row.key] = row }
        return answer
    }

    static func all(of user: String, game: String?, on sql: any SQLDatabase) async throws -> [Row] {
        var query: SQLQueryString = "SELECT game, achievement, value, unlocked_at FROM achievement_progress WHERE user_id = \(bind: user)"
        if let game { query = query + " AND game = \(bind: game)" }
        return try await sql.raw(query + " ORDER BY game, achievement").all().map(Self.row)
    }

    static func save(_ row: Row, of user: String, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO achievement_progress (user_id, game, achievement, value, unlocked_at, updated_at)
            VALUES (\(bind: user), \(bind: row.game), \(bind: row.key), \(bind: row.progress.value), \(bind: row.unlockedAt), \(bind: now))
            ON CONFLICT (user_id, game, achievement) DO UPDATE SET value = excluded.value, unlocked_at = excluded.unlocked_at,
            updated_at = excluded.updated_at
            """).run()
    }

    static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "achievement_progress").where("user_id", .equal, user).run()
        try await sql.delete(from: "social_recorded").where("user_id", .equal, user).run()
    }

    private static func row(_ row: any SQLRow) throws -> Row {
        let unlockedAt = try row.decodeNil(column: "unlocked_at") ? nil : try row.decode(column: "unlocked_at", as: Int64.self)
        return Row(
            game: try row.decode(column: "game", as: String.self), key: try row.decode(column: "achievement", as: String.self),
            progress: AchievementProgress(value: try row.decode(column: "value", as: Int64.self), unlocked: unlockedAt != nil),
            unlockedAt: unlockedAt)
    }
}
