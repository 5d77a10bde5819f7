import GameCore
import ParlorDatabase
import SQLKit
import Social

/// Writing scores: every entry a result changes, then the histogram, each a few statements
/// however many players, boards and periods the result touches (one statement per row would
/// cost a finished game about a hundred round trips).
extension LeaderboardStore {
    /// A result worth `value` for `user`'s entry in a board's period.
    struct Change: Sendable {
        var board: SocialCatalogue.Board
        var period: String
        var user: String
        var value: Int64
    }

    /// One score change for a board's period, computed before counts are written.
    struct Move: Sendable {
        var board: String
        var period: String
        var from: Int64?
        /// Nil when the entry was removed.
        var to: Int64?
    }

    /// Rows per statement, well under either database's limit on bound parameters.
    static let rowsPerStatement = 200

    /// Applies `changes` in order (several for one entry combine as one after the other) and
    /// answers the count changes to make: apply them with ``applyCounts(_:on:)`` once every entry
    /// of the transaction is written. Entries are read and locked in key order.
    static func write(_ changes: [Change], at now: Int64, on sql: any SQLDatabase) async throws -> [Move] {
        let keys = Set(changes.map(EntryKey.init)).sorted()
        var stored: [EntryKey: Int64] = [:]
        for slice in slices(of: keys) {
            let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE"
            let rows = try await sql.raw("""
                SELECT board, period, user_id, score FROM leaderboard_entries
                WHERE (board, period, user_id) IN (VALUES \(slice.map(\.values).joined(separator: ", ")))
                ORDER BY board, period, user_id\(lock)
                """).all()
            for row in rows {
                let key = EntryKey(
                    board: try row.decode(column: "board", as: String.self), period: try row.decode(column: "period", as: String.self),
                    user: try row.decode(column: "user_id", as: String.self))
                stored[key] = try row.decode(column: "score", as: Int64.self)
            }
        }
        var scores = stored
        for change in changes {
            let key = EntryKey(change)
            let definition = change.board.definition
            scores[key] = definition.aggregation.combine(scores[key], with: change.value, order: definition.order)
        }
        let changed = keys.filter { scores[$0] != stored[$0] }
        for slice in slices(of: changed) {
            let rows = slice.compactMap { key -> SQLQueryString? in
                scores[key].map { score in "(\(bind: key.board), \(bind: key.period), \(bind: key.user), \(bind: score), \(bind: now))" }
            }
            try await sql.raw("""
                INSERT INTO leaderboard_entries (board, period, user_id, score, updated_at) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (board, period, user_id) DO UPDATE SET score = excluded.score, updated_at = excluded.updated_at
                """).run()
        }
        return changed.map { Move(board: $0.board, period: $0.period, from: stored[$0], to: scores[$0]) }
    }

    /// Moves the histogram's counts and its buckets, each in key order so that transactions
    /// touching the same rows take their locks in one order. A finished game and a stats upload
    /// make this the last write of their transaction: every result on a board moves the same
    /// few rows (all scores under 1,024 share one bucket), and a row lock is held until the
    /// commit, so each statement after it would hold up every other result meanwhile. On
    /// PostgreSQL both tables move in one statement, so the lock is held for that statement and
    /// the commit. A row whose count drops to zero stays (readers skip it): deleting it would
    /// take another statement under the same locks, and a score once held is likely to recur.
    static func applyCounts(_ moves: [Move], on sql: any SQLDatabase) async throws {
        var scores: [CountKey: Int64] = [:]
        var buckets: [CountKey: Int64] = [:]
        for move in moves {
            for (score, delta) in [(move.from, Int64(-1)), (move.to, Int64(1))] {
                guard let score else { continue }
                scores[CountKey(board: move.board, period: move.period, value: score), default: 0] += delta
                buckets[CountKey(board: move.board, period: move.period, value: bucket(of: score)), default: 0] += delta
            }
        }
        let statements = upserts(scores, into: "leaderboard_counts", column: "score") + upserts(buckets, into: "leaderboard_buckets", column: "bucket")
        if sql.dialect.name != "sqlite", statements.count == 2 {
            // A data-modifying WITH runs whether or not the main statement reads it.
            try await sql.raw("WITH counted AS (\(statements[0])) \(statements[1])").run()
        } else {
            for statement in statements { try await sql.raw(statement).run() }
        }
    }

    /// Statements adding each delta to its row (made when missing).
    private static func upserts(_ deltas: [CountKey: Int64], into table: String, column: String) -> [SQLQueryString] {
        let changed = deltas.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        return slices(of: changed).map { slice in
            let rows = slice.map { key, delta -> SQLQueryString in "(\(bind: key.board), \(bind: key.period), \(bind: key.value), \(bind: delta))" }
            return """
                INSERT INTO \(ident: table) (board, period, \(ident: column), entries) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (board, period, \(ident: column)) DO UPDATE SET entries = \(ident: table).entries + excluded.entries
                """
        }
    }

    private static func slices<Element>(of elements: [Element]) -> [ArraySlice<Element>] {
        stride(from: 0, to: elements.count, by: rowsPerStatement).map { elements[$0..<min($0 + rowsPerStatement, elements.count)] }
    }

    /// An entry's primary key.
    private struct EntryKey: Hashable, Comparable {
        var board: String
        var period: String
        var user: String

        init(board: String, period: String, user: String) {
            self.board = board
            self.period = period
            self.user = user
        }

        init(_ change: Change) { self.init(board: change.board.id, period: change.period, user: change.user) }

        var values: SQLQueryString { "(\(bind: board), \(bind: period), \(bind: user))" }

        static func < (a: Self, b: Self) -> Bool { (a.board, a.period, a.user) < (b.board, b.period, b.user) }
    }

    /// A histogram row's key: a score, or a bucket of scores.
    private struct CountKey: Hashable, Comparable {
        var board: String
        var period: String
        var value: Int64

        static func < (a: Self, b: Self) -> Bool { (a.board, a.period, a.value) < (b.board, b.period, b.value) }
    }
}
