import GameCore
import ParlorDatabase
import SQLKit
import Social

/// SQL over `leaderboard_entries` and their histogram, `leaderboard_counts` (entries per score)
/// and `leaderboard_buckets` (entries per 1,024 consecutive scores).
///
/// Every change to an entry's score moves one count from the old score to the new one, and from
/// the old bucket to the new one, in the same transaction, so the histogram always describes the
/// entries exactly and a rank read on any node is the rank. A rank costs a sum over the buckets
/// above and over at most 1,024 scores of its own bucket, not a count over the entries above.
enum LeaderboardStore {
    struct Entry: Sendable, Equatable {
        var user: String
        var score: Int64
    }

    static let bucketBits: Int64 = 10

    static func bucket(of score: Int64) -> Int64 { score >> bucketBits }

    // MARK: Reading

    /// Entries in rank order after the entry `after` (exclusive); ties ordered by user id, descending
    /// for boards where higher is better so one row comparison pages both ways.
    static func page(
        board: String, period: String, order: LeaderboardOrder, after: Entry?, limit: Int, on sql: any SQLDatabase
    ) async throws -> [Entry] {
        let higher = order == .higherIsBetter
        let direction: SQLQueryString = higher ? "DESC" : "ASC"
        var query: SQLQueryString = "SELECT user_id, score FROM leaderboard_entries WHERE board = \(bind: board) AND period = \(bind: period)"
        if let after {
            query = query + (higher ? " AND (score, user_id) < (\(bind: after.score), \(bind: after.user))" : " AND (score, user_id) > (\(bind: after.score), \(bind: after.user))")
        }
        query = query + " ORDER BY score \(direction), user_id \(direction) LIMIT \(unsafeRaw: String(limit))"
        return try await entries(sql.raw(query).all())
    }

    /// Up to `limit` entries ranked just above `entry`, nearest first.
    static func above(
        _ entry: Entry, board: String, period: String, order: LeaderboardOrder, limit: Int, on sql: any SQLDatabase
    ) async throws -> [Entry] {
        let higher = order == .higherIsBetter
        let comparison: SQLQueryString = higher ? ">" : "<"
        let direction: SQLQueryString = higher ? "ASC" : "DESC"
        return try await entries(sql.raw("""
            SELECT user_id, score FROM leaderboard_entries WHERE board = \(bind: board) AND period = \(bind: period)
            AND (score, user_id) \(comparison) (\(bind: entry.score), \(bind: entry.user)) ORDER BY score \(direction), user_id \(direction)
            LIMIT \(unsafeRaw: String(limit))
            """).all())
    }

    static func entry(of user: String, board: String, period: String, on sql: any SQLDatabase) async throws -> Entry? {
        try await sql.raw("""
            SELECT user_id, score FROM leaderboard_entries WHERE board = \(bind: board) AND period = \(bind: period) AND user_id = \(bind: user)
            """).first().map(entry)
    }

    static func entries(of users: [String], board: String, period: String, on sql: any SQLDatabase) async throws -> [Entry] {
        guard !users.isEmpty else { return [] }
        return try await entries(sql.raw("""
            SELECT user_id, score FROM leaderboard_entries WHERE board = \(bind: board) AND period = \(bind: period) AND user_id IN (\(binds: users))
            """).all())
    }

    /// How many entries score strictly better than `score`: the buckets above its bucket, and
    /// the scores above it within its bucket.
    static func better(than score: Int64, board: String, period: String, order: LeaderboardOrder, on sql: any SQLDatabase) async throws -> Int {
        let own = bucket(of: score)
        let higher = order == .higherIsBetter
        let comparison: SQLQueryString = higher ? ">" : "<"
        let edge: SQLQueryString = higher ? "<=" : ">="
        let bound = higher ? ((own + 1) << bucketBits) - 1 : own << bucketBits
        return try await sql.raw("""
            SELECT CAST((SELECT COALESCE(SUM(entries), 0) FROM leaderboard_buckets
                WHERE board = \(bind: board) AND period = \(bind: period) AND bucket \(comparison) \(bind: own))
            + (SELECT COALESCE(SUM(entries), 0) FROM leaderboard_counts WHERE board = \(bind: board) AND period = \(bind: period)
                AND score \(comparison) \(bind: score) AND score \(edge) \(bind: bound)) AS BIGINT) AS n
            """).first().map { Int(try $0.decode(column: "n", as: Int64.self)) } ?? 0
    }

    /// Each distinct score between `a` and `b` (inclusive) with its number of entries.
    static func counts(between a: Int64, and b: Int64, board: String, period: String, on sql: any SQLDatabase) async throws -> [Int64: Int] {
        let rows = try await sql.raw("""
            SELECT score, entries FROM leaderboard_counts WHERE board = \(bind: board) AND period = \(bind: period)
            AND score BETWEEN \(bind: min(a, b)) AND \(bind: max(a, b)) AND entries > 0
            """).all()
        var answer: [Int64: Int] = [:]
        for row in rows { answer[try row.decode(column: "score", as: Int64.self)] = Int(try row.decode(column: "entries", as: Int64.self)) }
        return answer
    }

    static func total(board: String, period: String, on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(entries), 0) AS BIGINT) AS n FROM leaderboard_buckets WHERE board = \(bind: board) AND period = \(bind: period)
            """).first().map { Int(try $0.decode(column: "n", as: Int64.self)) } ?? 0
    }

    /// Removes every entry of `user`, the histogram with them.
    static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        let rows = try await sql.raw("DELETE FROM leaderboard_entries WHERE user_id = \(bind: user) RETURNING board, period, score").all()
        let moves = try rows.map { row in
            Move(
                board: try row.decode(column: "board", as: String.self), period: try row.decode(column: "period", as: String.self),
                from: try row.decode(column: "score", as: Int64.self), to: nil)
        }
        try await applyCounts(moves, on: sql)
    }

    private static func entries(_ rows: [any SQLRow]) throws -> [Entry] { try rows.map(entry) }

    private static func entry(_ row: any SQLRow) throws -> Entry {
        Entry(user: try row.decode(column: "user_id", as: String.self), score: try row.decode(column: "score", as: Int64.self))
    }
}
