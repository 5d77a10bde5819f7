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

    /// Each of `users`' progress in `game`, by user then achievement, locked in key order for the
    /// caller's transaction (PostgreSQL).
    static func progress(of users: [String], game: String, locked: Bool, on sql: any SQLDatabase) async throws -> [String: [String: Row]] {
        guard !users.isEmpty else { return [:] }
        let lock: SQLQueryString = locked && sql.dialect.name != "sqlite" ? " FOR UPDATE" : ""
        let rows = try await sql.raw("""
            SELECT user_id, game, achievement, value, unlocked_at FROM achievement_progress
            WHERE game = \(bind: game) AND user_id IN (\(binds: users)) ORDER BY user_id, achievement\(lock)
            """).all()
        var answer: [String: [String: Row]] = [:]
        for row in rows {
            let progress = try Self.row(row)
            answer[try row.decode(column: "user_id", as: String.self), default: [:]][progress.key] = progress
        }
        return answer
    }

    static func all(of user: String, game: String?, on sql: any SQLDatabase) async throws -> [Row] {
        var query: SQLQueryString = "SELECT game, achievement, value, unlocked_at FROM achievement_progress WHERE user_id = \(bind: user)"
        if let game { query = query + " AND game = \(bind: game)" }
        return try await sql.raw(query + " ORDER BY game, achievement").all().map(Self.row)
    }

    /// Stores each user's row in one statement (rows in key order, so locks are taken in one order).
    static func save(_ rows: [(user: String, row: Row)], at now: Int64, on sql: any SQLDatabase) async throws {
        guard !rows.isEmpty else { return }
        let values = rows.sorted { ($0.user, $0.row.game, $0.row.key) < ($1.user, $1.row.game, $1.row.key) }.map { user, row -> SQLQueryString in
            "(\(bind: user), \(bind: row.game), \(bind: row.key), \(bind: row.progress.value), \(bind: row.unlockedAt), \(bind: now))"
        }
        try await sql.raw("""
            INSERT INTO achievement_progress (user_id, game, achievement, value, unlocked_at, updated_at) VALUES \(values.joined(separator: ", "))
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
