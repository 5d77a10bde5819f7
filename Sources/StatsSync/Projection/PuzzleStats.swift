/// What the statistics screen shows, always computed from the log, never stored as truth.
public struct PuzzleStats: Hashable, Codable, Sendable {
    /// Puzzle dates completed: one per date, however many devices completed it.
    public var gamesPlayed = 0
    public var wins = 0
    /// Consecutive puzzle dates won, ending today or yesterday.
    public var currentStreak = 0
    public var bestStreak = 0
    /// Mean time of the won games counted, in seconds; nil before the first timed win. Games
    /// synthesised from legacy totals count towards played, wins and streaks only.
    public var averageWinSeconds: Double?
    /// Counted (non-synthetic) games by number of mistakes.
    public var mistakesDistribution: [Int: Int] = [:]
    public var hintsUsed = 0
    /// Won with no mistakes and no hints.
    public var perfectGames = 0
    public var lastPlayed: PuzzleDate?
    /// Completions kept for audit but not counted because their puzzle date was completed earlier.
    public var duplicateCompletions = 0
    /// Completions a reset erased.
    public var gamesErasedByReset = 0

    public init() {}

    public var winRate: Double { gamesPlayed == 0 ? 0 : Double(wins) / Double(gamesPlayed) }

    enum CodingKeys: String, CodingKey {
        case gamesPlayed = "games_played", wins, currentStreak = "current_streak", bestStreak = "best_streak"
        case averageWinSeconds = "average_win_seconds", mistakesDistribution = "mistakes_distribution"
        case hintsUsed = "hints_used", perfectGames = "perfect_games", lastPlayed = "last_played"
        case duplicateCompletions = "duplicate_completions", gamesErasedByReset = "games_erased_by_reset"
    }
}

extension PuzzleStats {
    /// JSON objects need string keys, so the distribution is written `{"0": 3, "2": 1}` (as the
    /// API's `SyncStats` does) rather than Foundation's default flat array for integer keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gamesPlayed = try container.decode(Int.self, forKey: .gamesPlayed)
        wins = try container.decode(Int.self, forKey: .wins)
        currentStreak = try container.decode(Int.self, forKey: .currentStreak)
        bestStreak = try container.decode(Int.self, forKey: .bestStreak)
        averageWinSeconds = try container.decodeIfPresent(Double.self, forKey: .averageWinSeconds)
        let distribution = try container.decode([String: Int].self, forKey: .mistakesDistribution)
        for (key, count) in distribution {
            guard let mistakes = Int(key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .mistakesDistribution, in: container, debugDescription: "'\(key)' is not a number of mistakes")
            }
            mistakesDistribution[mistakes] = count
        }
        hintsUsed = try container.decode(Int.self, forKey: .hintsUsed)
        perfectGames = try container.decode(Int.self, forKey: .perfectGames)
        lastPlayed = try container.decodeIfPresent(PuzzleDate.self, forKey: .lastPlayed)
        duplicateCompletions = try container.decode(Int.self, forKey: .duplicateCompletions)
        gamesErasedByReset = try container.decode(Int.self, forKey: .gamesErasedByReset)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gamesPlayed, forKey: .gamesPlayed)
        try container.encode(wins, forKey: .wins)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(bestStreak, forKey: .bestStreak)
        try container.encodeIfPresent(averageWinSeconds, forKey: .averageWinSeconds)
        try container.encode(
            Dictionary(uniqueKeysWithValues: mistakesDistribution.map { (String($0.key), $0.value) }), forKey: .mistakesDistribution)
        try container.encode(hintsUsed, forKey: .hintsUsed)
        try container.encode(perfectGames, forKey: .perfectGames)
        try container.encodeIfPresent(lastPlayed, forKey: .lastPlayed)
        try container.encode(duplicateCompletions, forKey: .duplicateCompletions)
        try container.encode(gamesErasedByReset, forKey: .gamesErasedByReset)
    }
}
