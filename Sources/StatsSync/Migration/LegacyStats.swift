/// The absolute figures the app kept before event sourcing (schema version 1).
public struct LegacyStats: Hashable, Codable, Sendable {
    public var played: Int
    public var wins: Int
    public var currentStreak: Int
    public var bestStreak: Int
    /// The last puzzle date played, when the old app recorded it.
    public var lastPlayed: PuzzleDate?

    public init(played: Int, wins: Int, currentStreak: Int, bestStreak: Int, lastPlayed: PuzzleDate? = nil) {
        self.played = played
        self.wins = wins
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
        self.lastPlayed = lastPlayed
    }

    enum CodingKeys: String, CodingKey {
        case played, wins, currentStreak = "current_streak", bestStreak = "best_streak", lastPlayed = "last_played"
    }
}
