import GameCore
import StatsSync

/// Tandem's leaderboards and achievements, over the statistics its synced events project to
/// (Tandem is not a game the server plays, so its catalogue lives here rather than in a module).
///
/// Each upload that changes the projection is one result: `won` and `played` are how many games
/// it added (a puzzle date counts once however many devices completed it), `current_streak` and
/// `best_streak` the streaks after it.
package enum TandemSocial {
    package static let game = "tandem"

    package enum Statistic {
        package static let won = GameStatistic.won
        package static let played = GameStatistic.played
        package static let currentStreak = "current_streak"
        package static let bestStreak = "best_streak"
    }

    package static let leaderboards: [LeaderboardDefinition] = [
        LeaderboardDefinition(metric: "games_won", name: "Puzzles Solved", statistic: Statistic.won, aggregation: .sum),
        LeaderboardDefinition(metric: "games_played", name: "Puzzles Played", statistic: Statistic.played, aggregation: .sum),
        LeaderboardDefinition(metric: "current_streak", name: "Current Streak", statistic: Statistic.currentStreak, aggregation: .latest),
        LeaderboardDefinition(
            metric: "best_streak", name: "Best Streak", statistic: Statistic.bestStreak, aggregation: .best, periods: [.allTime]),
    ]

    package static let achievements: [AchievementDefinition] = [
        AchievementDefinition(
            key: "first_solve", name: "First Solve", detail: "Solve a daily puzzle.", points: 10, category: "wins",
            rule: .total(Statistic.won, atLeast: 1)),
        AchievementDefinition(
            key: "solves_10", name: "Regular", detail: "Solve 10 daily puzzles.", points: 25, category: "wins",
            rule: .total(Statistic.won, atLeast: 10)),
        AchievementDefinition(
            key: "solves_100", name: "Devoted", detail: "Solve 100 daily puzzles.", points: 100, category: "wins",
            rule: .total(Statistic.won, atLeast: 100)),
        AchievementDefinition(
            key: "streak_7", name: "Week Streak", detail: "Solve the puzzle 7 days in a row.", points: 50, category: "streaks",
            rule: .reach(Statistic.bestStreak, atLeast: 7)),
        AchievementDefinition(
            key: "streak_30", name: "Month Streak", detail: "Solve the puzzle 30 days in a row.", points: 150, category: "streaks",
            hidden: true, rule: .reach(Statistic.bestStreak, atLeast: 30)),
    ]

    /// The statistics one upload adds, or nil when it changed nothing the boards show. Games
    /// dated after `latestDay` (the server's tomorrow: no time zone is further ahead) are left out
    /// of both projections, so a device with a wrong clock cannot score games not yet played.
    static func statistics(adding added: [StatsEvent], to prior: [StatsEvent], latestDay: PuzzleDate) -> [String: Int]? {
        let plausible = { (event: StatsEvent) in (event.gameCompletion?.puzzleDate ?? latestDay) <= latestDay }
        let before = prior.filter(plausible)
        let after = before + added.filter(plausible)
        let old = project(before)
        let new = project(after)
        guard old != new else { return nil }
        return [
            Statistic.won: new.wins - old.wins, Statistic.played: new.gamesPlayed - old.gamesPlayed,
            Statistic.currentStreak: new.currentStreak, Statistic.bestStreak: new.bestStreak,
        ]
    }

    /// The figures the boards use: streaks as of the last puzzle played (the server does not
    /// know the player's local date).
    private static func project(_ events: [StatsEvent]) -> PuzzleStats {
        let last = StatsProjection.countedCompletions(events).games.keys.max() ?? PuzzleDate(dayNumber: 0)
        var stats = StatsProjection.stats(of: events, today: last)
        stats.averageWinSeconds = nil
        stats.mistakesDistribution = [:]
        return stats
    }
}
