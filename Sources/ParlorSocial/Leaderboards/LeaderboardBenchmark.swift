import Foundation
import GameCore
import ParlorDatabase
import SQLKit

/// `parlor bench leaderboard`: fills one board with N entries (users, a ratings-like score spread
/// and friends included) straight into the tables, then times the three reads a player makes —
/// top 100, their rank with the entries around them, friends only — through ``LeaderboardService``
/// while results keep being recorded through ``ResultRecorder``, as finished games would.
package struct LeaderboardBenchmark: Sendable {
    package struct Figures: Sendable {
        package var name: String
        package var count: Int
        package var p50: Double
        package var p99: Double
        package var max: Double
    }

    package let database: Database
    package let social: SocialServices
    package let board: String
    package let entries: Int
    /// Distinct scores to spread entries over (ratings: about 2,000); `entries` makes every score distinct.
    package let distinctScores: Int
    package let friendsPerUser: Int

    package init(database: Database, social: SocialServices, board: String, entries: Int, distinctScores: Int, friendsPerUser: Int) {
        self.database = database
        self.social = social
        self.board = board
        self.entries = entries
        self.distinctScores = distinctScores
        self.friendsPerUser = friendsPerUser
    }

    static func user(_ index: Int) -> String { "bench-\(index)" }

    /// A deterministic, roughly bell-shaped score for entry `index`.
    func score(_ index: Int) -> Int64 {
        guard distinctScores < entries else { return Int64(index &* 7919 % entries) }
        var hash = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        var sum: UInt64 = 0
        for _ in 0..<4 {
            hash ^= hash >> 29
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            sum += hash % UInt64(distinctScores)
        }
        return Int64(sum / 4)
    }

    /// Users, entries, the histogram and friendships, in batches of 1,000 rows.
    package func fill(progress: @Sendable (Int) -> Void) async throws {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let batch = 1000
        var start = 0
        while start < entries {
            let end = min(start + batch, entries)
            let first = start
            try await database.transaction { sql in
                let users = sql.insert(into: "users").columns(
                    "id", "username", "username_key", "display_name", "preferences", "created_at", "last_active_at")
                let rows = sql.insert(into: "leaderboard_entries").columns("board", "period", "user_id", "score", "updated_at")
                for index in first..<end {
                    let id = Self.user(index)
                    users.values(SQLBind(id), SQLBind(id), SQLBind(id), SQLBind("Bench \(index)"), SQLBind("{}"), SQLBind(now), SQLBind(now))
                    rows.values(SQLBind(board), SQLBind("all"), SQLBind(id), SQLBind(score(index)), SQLBind(now))
                }
                try await users.run()
                try await rows.run()
                if friendsPerUser > 0, first < 10 * batch {
                    // The first 10,000 users each have friends spread over the whole board, in
                    // statements under PostgreSQL's 65,535 bound parameters.
                    let perStatement = max(1, 60_000 / (4 * friendsPerUser))
                    for chunk in stride(from: first, to: end, by: perStatement) {
                        let friendships = sql.insert(into: "friendships").columns("user_id", "friend_id", "status", "created_at")
                        for index in chunk..<min(chunk + perStatement, end) {
                            for step in 1...friendsPerUser {
                                let other = (index &+ step &* 9973) % entries
                                guard other != index else { continue }
                                friendships.values(SQLBind(Self.user(index)), SQLBind(Self.user(other)), SQLBind("accepted"), SQLBind(now))
                            }
                        }
                        try await friendships.ignoringConflicts(with: ["user_id", "friend_id"]).run()
                    }
                }
            }
            start = end
            progress(end)
        }
        try await database.withConnection { sql in
            try await sql.raw("""
                INSERT INTO leaderboard_counts (board, period, score, entries)
                SELECT board, period, score, COUNT(*) FROM leaderboard_entries WHERE board = \(bind: board) AND period = 'all'
                GROUP BY board, period, score
                """).run()
            try await sql.raw("""
                INSERT INTO leaderboard_buckets (board, period, bucket, entries)
                SELECT board, period, score >> \(unsafeRaw: String(LeaderboardStore.bucketBits)), SUM(entries) FROM leaderboard_counts
                WHERE board = \(bind: board) AND period = 'all' GROUP BY board, period, score >> \(unsafeRaw: String(LeaderboardStore.bucketBits))
                """).run()
            if sql.dialect.name != "sqlite" { try await sql.raw("ANALYZE").run() }
        }
    }

    /// Times `rounds` of each read while a writer records results; the figures and writes per second.
    package func measure(rounds: Int) async throws -> (reads: [Figures], baseline: Figures, writesPerSecond: Double) {
        let span = try social.leaderboards.span(board: board, period: "all_time", key: nil)
        let game = span.board.game
        let statistic = span.board.definition.statistic
        let writing = Task {
            var written = 0
            let started = ContinuousClock.now
            var index = 0
            while !Task.isCancelled {
                index = (index &+ 7_777) % entries
                let user = Self.user(index)
                let value = Int(score(index &+ written))
                _ = try? await database.transaction { sql in
                    try await social.recorder.record([(user, [statistic: value])], game: game, at: Int64(Date().timeIntervalSince1970 * 1000), on: sql)
                }
                written += 1
            }
            return Double(written) / (ContinuousClock.now - started).seconds
        }
        var top: [Duration] = []
        var around: [Duration] = []
        var friends: [Duration] = []
        var baseline: [Duration] = []
        for round in 0..<rounds {
            let user = Self.user((round &* 104_729) % min(entries, 10_000))
            baseline.append(try await timed { try await database.withConnection { sql in _ = try await sql.raw("SELECT 1").all() } })
            top.append(try await timed { _ = try await social.leaderboards.top(span, cursor: nil, limit: 100) })
            around.append(try await timed { _ = try await social.leaderboards.around(user, span, radius: 5) })
            friends.append(try await timed { _ = try await social.leaderboards.friendsOnly(user, span) })
        }
        writing.cancel()
        let writes = await writing.value
        return (
            [Self.figures("top 100", top), Self.figures("my rank ± 5", around), Self.figures("friends only", friends)],
            Self.figures("SELECT 1", baseline), writes
        )
    }

    private func timed(_ body: () async throws -> Void) async throws -> Duration {
        let start = ContinuousClock.now
        try await body()
        return ContinuousClock.now - start
    }

    static func figures(_ name: String, _ samples: [Duration]) -> Figures {
        let sorted = samples.map(\.milliseconds).sorted()
        func at(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
        return Figures(name: name, count: sorted.count, p50: at(0.5), p99: at(0.99), max: sorted.last ?? 0)
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
    var seconds: Double { milliseconds / 1000 }
}
