import GameCore
import ParlorDatabase
import SQLKit
import Social

/// SQL over `leaderboard_entries` and `leaderboard_counts`.
///
/// Every change to an entry's score moves one count from the old score to the new one in the same
/// transaction, so the histogram always describes the entries exactly and a rank read on any node
/// is the rank. Ranks read from the histogram cost one sum over the distinct scores above, not a
/// count over the entries above.
enum LeaderboardStore {
    struct Entry: Sendable, Equatable {
        var user: String
        var score: Int64
    }

    /// One score change for a board's period, computed before counts are written.
    struct Move: Sendable {
        var board: String
        var period: String
        var from: Int64?
        var to: Int64
    }

    /// Applies a result worth `value` to `user`'s entry; answers the count changes to make (apply
    /// them with ``applyCounts(_:on:)`` once every entry of the transaction is written, in key order).
    static func write(
        _ value: Int64, board: SocialCatalogue.Board, period: String, user: String, at now: Int64, on sql: any SQLDatabase
    ) async throws -> Move? {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE"
        let current = try await sql.raw("""
            SELECT score FROM leaderboard_entries WHERE board = \(bind: board.id) AND period = \(bind: period) AND user_id = \(bind: user)\(lock)
            """).first().map { try $0.decode(column: "score", as: Int64.self) }
        let definition = board.definition
        let next = definition.aggregation.combine(current, with: value, order: definition.order)
        guard next != current else { return nil }
        try await sql.raw("""
            INSERT INTO leaderboard_entries (board, period, user_id, score, updated_at)
            VALUES (\(bind: board.id), \(bind: period), \(bind: user), \(bind: next), \(bind: now))
            ON CONFLICT (board, period, user_id) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at
            """).run()
        return Move(board: board.id, period: period, from: current, to: next)
    }

    /// Moves the histogram's counts, in (board, period, score) order so that transactions
    /// touching the same scores take their row locks in one order.
    static func applyCounts(_ moves: [Move], on sql: any SQLDatabase) async throws {
        var deltas: [String: (board: String, period: String, score: Int64, delta: Int64)] = [:]
        func add(_ board: String, _ period: String, _ score: Int64, _ delta: Int64) {
            let key = "\(board)\u{0}\(period)\u{0}\(score)"
            deltas[key, default: (board, period, score, 0)].delta += delta
        }
        for move in moves {
            if let from = move.from { add(move.board, move.period, from, -1) }
            add(move.board, move.period, move.to, 1)
        }
        let ordered = deltas.values.filter { $0.delta != 0 }.sorted { ($0.board, $0.period, $0.score) < ($1.board, $1.period, $1.score) }
        for change in ordered {
            try await sql.raw("""
                INSERT INTO leaderboard_counts (board, period, score, entries) VALUES (\(bind: change.board), \(bind: change.period), \(bind: change.score), \(bind: change.delta))
                ON CONFLICT (board, period, score) DO UPDATE SET entries = leaderboard_counts.entries + excluded.entries
                """).run()
            if change.delta < 0 {
                try await sql.raw("""
                    DELETE FROM leaderboard_counts WHERE board = \(bind: change.board) AND period = \(bind: change.period)
                    AND score = \(bind: change.score) AND entries <= 0
                    """).run()
            }
        }
    }

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

    /// How many entries score strictly better than `score`.
    static func better(than score: Int64, board: String, period: String, order: LeaderboardOrder, on sql: any SQLDatabase) async throws -> Int {
        let comparison: SQLQueryString = order == .higherIsBetter ? ">" : "<"
        return try await sql.raw("""
            SELECT CAST(COALESCE(SUM(entries), 0) AS BIGINT) AS n FROM leaderboard_counts
            WHERE board = \(bind: board) AND period = \(bind: period) AND score \(comparison) \(bind: score)
            """).first().map { Int(try $0.decode(column: "n", as: Int64.self)) } ?? 0
    }

    /// Each distinct score between `a` and `b` (inclusive) with its number of entries.
    static func counts(between a: Int64, and b: Int64, board: String, period: String, on sql: any SQLDatabase) async throws -> [Int64: Int] {
        let rows = try await sql.raw("""
            SELECT score, entries FROM leaderboard_counts WHERE board = \(bind: board) AND period = \(bind: period)
            AND score BETWEEN \(bind: min(a, b)) AND \(bind: max(a, b))
            """).all()
        var answer: [Int64: Int] = [:]
        for row in rows { answer[try row.decode(column: "score", as: Int64.self)] = Int(try row.decode(column: "entries", as: Int64.self)) }
        return answer
    }

    static func total(board: String, period: String, on sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(entries), 0) AS BIGINT) AS n FROM leaderboard_counts WHERE board = \(bind: board) AND period = \(bind: period)
            """).first().map { Int(try $0.decode(column: "n", as: Int64.self)) } ?? 0
    }

    /// Removes every entry of `user`, counts included.
    static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        let rows = try await sql.raw("DELETE FROM leaderboard_entries WHERE user_id = \(bind: user) RETURNING board, period, score").all()
        var moves: [(String, String, Int64)] = []
        for row in rows {
            moves.append((try row.decode(column: "board", as: String.self), try row.decode(column: "period", as: String.self),
                try row.decode(column: "score", as: Int64.self)))
        }
        for (board, period, score) in moves.sorted(by: { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }) {
            try await sql.raw("""
                UPDATE leaderboard_counts SET entries = entries - 1 WHERE board = \(bind: board) AND period = \(bind: period) AND score = \(bind: score)
                """).run()
            try await sql.raw("""
                DELETE FROM leaderboard_counts WHERE board = \(bind: board) AND period = \(bind: period) AND score = \(bind: score) AND entries <= 0
                """).run()
        }
    }

    private static func entries(_ rows: [any SQLRow]) throws -> [Entry] { try rows.map(entry) }

    private static func entry(_ row: any SQLRow) throws -> Entry {
        Entry(user: try row.decode(column: "user_id", as: String.self), score: try row.decode(column: "score", as: Int64.self))
    }
}
