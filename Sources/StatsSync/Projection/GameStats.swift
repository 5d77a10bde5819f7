/// What the statistics screen shows, always computed from the log, never stored as truth.
public struct GameStats: Hashable, Codable, Sendable {
    /// Puzzle dates completed: one per date, however many devices completed it.
    public var gamesPlayed = 0
    public var wins = 0
    /// Consecutive puzzle dates won, ending today or yesterday.
    public var currentStreak = 0
    public var bestStreak = 0
    /// Mean time of the won games counted, in seconds; nil before the first win.
    public var averageWinSeconds: Double?
    /// Counted games by number of mistakes.
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
