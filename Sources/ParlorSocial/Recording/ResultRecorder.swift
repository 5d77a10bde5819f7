import Foundation
import GameCore
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorPlay
import SQLKit
import Social

/// Turns authoritative results into leaderboard scores and achievement progress, inside the
/// transaction that records the result: finished games from online play, and Tandem's synced stats.
///
/// A game is recorded once per player (`social_recorded`): a replayed result changes nothing, so
/// no score counts twice and an achievement is announced once, by the transaction that unlocked it.
package struct ResultRecorder: PlayResultsHook {
    let catalogue: SocialCatalogue

    package init(catalogue: SocialCatalogue) { self.catalogue = catalogue }

    package func record(_ game: RecordedGame, on sql: any SQLDatabase) async throws -> [Notice] {
        let claimed = try await Self.claim("game:\(game.game.canonicalText)", for: game.seats.map(\.user), at: game.endedAt, on: sql)
        let results = game.seats.sorted(by: { $0.user < $1.user }).filter { claimed.contains($0.user) }.map { ($0.user, $0.statistics) }
        return try await record(results, game: game.gameType, at: game.endedAt, on: sql)
    }

    /// Scores and progress for each `(user, statistics)` of one game's result at `now`, users in
    /// id order (the order every transaction locks their rows in).
    func record(_ results: [(user: String, statistics: [String: Int])], game: String, at now: Int64, on sql: any SQLDatabase) async throws
        -> [Notice]
    {
        let boards = catalogue.boards(of: game)
        var changes: [LeaderboardStore.Change] = []
        for (user, statistics) in results {
            for board in boards {
                guard let value = statistics[board.definition.statistic] else { continue }
                for period in board.definition.periods {
                    changes.append(.init(board: board, period: period.key(at: now), user: user, value: Int64(value)))
                }
            }
        }
        let moves = try await LeaderboardStore.write(changes, at: now, on: sql)
        let notices = try await advance(results, game: game, at: now, on: sql)
        try await LeaderboardStore.applyCounts(moves, on: sql)
        return notices
    }

    /// Each user's achievements in `game`, read and locked once and saved in one statement.
    private func advance(_ results: [(user: String, statistics: [String: Int])], game: String, at now: Int64, on sql: any SQLDatabase) async throws
        -> [Notice]
    {
        let definitions = catalogue.achievements[game] ?? []
        let counted = results.filter { result in definitions.contains { result.statistics[$0.rule.statistic] != nil } }
        guard !counted.isEmpty else { return [] }
        let stored = try await AchievementStore.progress(of: counted.map(\.user), game: game, locked: true, on: sql)
        var notices: [Notice] = []
        var saved: [(user: String, row: AchievementStore.Row)] = []
        for (user, statistics) in counted {
            for definition in definitions where statistics[definition.rule.statistic] != nil {
                let row = stored[user]?[definition.key]
                let before = row?.progress ?? AchievementProgress()
                let after = before.advanced(by: statistics, rule: definition.rule)
                guard after != before else { continue }
                let unlockedAt = row?.unlockedAt ?? (after.unlocked ? now : nil)
                saved.append((user, .init(game: game, key: definition.key, progress: after, unlockedAt: unlockedAt)))
                if after.unlocked, !before.unlocked { notices.append(Notice(SocialNotice.achievementUnlocked(user: user, game: game, key: definition.key))) }
            }
        }
        try await AchievementStore.save(saved, at: now, on: sql)
        return notices
    }

    /// Those of `users` for whom `source` is recorded for the first time, in one statement. A
    /// deleted account (a game finished after the deletion) is never recorded, so it scores
    /// nothing: its entries were erased, and a new one would hold a rank nobody can see.
    static func claim(_ source: String, for users: [String], at now: Int64, on sql: any SQLDatabase) async throws -> Set<String> {
        guard !users.isEmpty else { return [] }
        // `WHERE true` keeps SQLite from reading `ON CONFLICT` as a join's `ON`.
        let inserted = try await sql.raw("""
            INSERT INTO social_recorded (source, user_id, recorded_at)
            SELECT \(bind: source), live.id, \(bind: now) FROM (\(UserDirectory.live(among: users))) AS live WHERE true
            ON CONFLICT (source, user_id) DO NOTHING RETURNING user_id
            """).all()
        return Set(try inserted.map { try $0.decode(column: "user_id", as: String.self) })
    }
}
