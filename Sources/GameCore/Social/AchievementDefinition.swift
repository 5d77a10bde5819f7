/// An achievement a game offers, defined in code beside the game: what the catalogue lists and
/// the rule that unlocks it, evaluated by the authority from finished games (never a client).
public struct AchievementDefinition: Codable, Hashable, Sendable {
    /// Unique within its game, stable forever: progress is stored under it.
    public var key: String
    public var name: String
    public var detail: String
    public var points: Int
    public var category: String
    /// Listed with its name and description masked until the player unlocks it.
    public var hidden: Bool
    public var rule: AchievementRule

    public init(key: String, name: String, detail: String, points: Int, category: String, hidden: Bool = false, rule: AchievementRule) {
        self.key = key
        self.name = name
        self.detail = detail
        self.points = points
        self.category = category
        self.hidden = hidden
        self.rule = rule
    }
}

/// How an achievement's progress follows a player's results, each result a set of named
/// statistics (``GameStatistic``). A result without the rule's statistic leaves progress as it was.
public enum AchievementRule: Codable, Hashable, Sendable {
    /// The statistic summed over results reaches `atLeast` (10 wins).
    case total(String, atLeast: Int)
    /// `length` results in a row with the statistic above zero (5 wins in a row); a zero ends the run.
    case streak(String, length: Int)
    /// One result's statistic reaches `atLeast` (a 7-day streak reported by a result).
    case reach(String, atLeast: Int)
    /// One result's statistic at most `atMost` (a flow win in 12 or fewer tiles).
    case atMost(String, atMost: Int)

    /// The statistic the rule reads.
    public var statistic: String {
        switch self {
        case .total(let name, _), .streak(let name, _), .reach(let name, _), .atMost(let name, _): name
        }
    }

    /// The progress value that unlocks: a count for totals, streaks and reached values; 1 for `atMost`.
    public var target: Int {
        switch self {
        case .total(_, let value), .streak(_, let value), .reach(_, let value): max(value, 1)
        case .atMost: 1
        }
    }
}

extension AchievementDefinition {
    /// First win, 10 and 100 wins, and 5 wins in a row: what every game offers.
    public static let standard: [AchievementDefinition] = [
        AchievementDefinition(
            key: "first_win", name: "First Victory", detail: "Win a game.", points: 10, category: "wins", rule: .total(GameStatistic.won, atLeast: 1)),
        AchievementDefinition(
            key: "wins_10", name: "Seasoned", detail: "Win 10 games.", points: 25, category: "wins", rule: .total(GameStatistic.won, atLeast: 10)),
        AchievementDefinition(
            key: "wins_100", name: "Centurion", detail: "Win 100 games.", points: 100, category: "wins", rule: .total(GameStatistic.won, atLeast: 100)),
        AchievementDefinition(
            key: "win_streak_5", name: "On a Roll", detail: "Win 5 games in a row.", points: 50, category: "streaks",
            rule: .streak(GameStatistic.won, length: 5)),
    ]
}
