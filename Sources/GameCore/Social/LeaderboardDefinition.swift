/// A leaderboard a game offers: one statistic of its results, how results combine into a
/// player's score, which way is better, and the periods it is kept for.
public struct LeaderboardDefinition: Codable, Hashable, Sendable {
    /// Unique within its game ("rating", "wins"); the board's id is `<game>.<metric>`.
    public var metric: String
    public var name: String
    public var statistic: String
    public var aggregation: LeaderboardAggregation
    public var order: LeaderboardOrder
    public var periods: [LeaderboardPeriod]

    public init(
        metric: String, name: String, statistic: String, aggregation: LeaderboardAggregation, order: LeaderboardOrder = .higherIsBetter,
        periods: [LeaderboardPeriod] = LeaderboardPeriod.allCases
    ) {
        self.metric = metric
        self.name = name
        self.statistic = statistic
        self.aggregation = aggregation
        self.order = order
        self.periods = periods
    }
}

/// How a new result's value combines with the score a player already has in a period.
public enum LeaderboardAggregation: String, Codable, Hashable, Sendable, CaseIterable {
    /// The better of the two, by the board's order.
    case best
    /// The new value.
    case latest
    /// The two added.
    case sum
    /// One more, whatever the value (a count of results).
    case increment
}

public enum LeaderboardOrder: String, Codable, Hashable, Sendable, CaseIterable {
    case higherIsBetter = "higher"
    case lowerIsBetter = "lower"
}

/// The spans a board is kept for. A period is only a key on its entries: a new day simply
/// starts empty, and earlier days stay queryable.
public enum LeaderboardPeriod: String, Codable, Hashable, Sendable, CaseIterable {
    case allTime = "all_time"
    case monthly
    /// ISO 8601 weeks, Monday to Sunday, in UTC.
    case weekly
    case daily
}

extension LeaderboardDefinition {
    /// Rating (latest), wins (sum) and games played (one per game): what every game offers.
    public static let standard: [LeaderboardDefinition] = [
        LeaderboardDefinition(metric: "rating", name: "Rating", statistic: GameStatistic.rating, aggregation: .latest),
        LeaderboardDefinition(metric: "wins", name: "Wins", statistic: GameStatistic.won, aggregation: .sum),
        LeaderboardDefinition(metric: "games", name: "Games Played", statistic: GameStatistic.played, aggregation: .increment),
    ]
}

/// The statistics the authority adds to every finished game's own, per seat.
public enum GameStatistic {
    /// 1 for a winner, 0 otherwise.
    public static let won = "won"
    /// Always 1.
    public static let played = "played"
    /// The player's rating in this game after the result.
    public static let rating = "rating"
}
