import struct Foundation.UUID
import GameCore

/// A person's local identity in OneForTheBoys: name, avatar, stats and owned cosmetics. It travels
/// in lobby messages, so every field a later version adds must be optional or defaulted.
public struct PlayerProfile: Codable, Identifiable, Hashable, Sendable {
    public let id: UUID
    public var username: String
    public var avatar: AvatarConfig
    public var globalStats: GlobalStats
    public var statsByGameId: [GameID: GameStats]
    public var ownedProductIDs: Set<String>

    public init(
        id: UUID = UUID(), username: String, avatar: AvatarConfig = AvatarConfig(),
        globalStats: GlobalStats = GlobalStats(), statsByGameId: [GameID: GameStats] = [:],
        ownedProductIDs: Set<String> = []
    ) {
        self.id = id
        self.username = username
        self.avatar = avatar
        self.globalStats = globalStats
        self.statsByGameId = statsByGameId
        self.ownedProductIDs = ownedProductIDs
    }
}

/// Totals over every game.
public struct GlobalStats: Codable, Hashable, Sendable {
    public var totalGamesPlayed: Int
    public var totalWins: Int

    public init(totalGamesPlayed: Int = 0, totalWins: Int = 0) {
        self.totalGamesPlayed = totalGamesPlayed
        self.totalWins = totalWins
    }
}

/// Totals and streaks for one game.
public struct GameStats: Codable, Hashable, Sendable {
    public var gamesPlayed: Int
    public var wins: Int
    public var streakCurrent: Int
    public var streakBest: Int

    public init(gamesPlayed: Int = 0, wins: Int = 0, streakCurrent: Int = 0, streakBest: Int = 0) {
        self.gamesPlayed = gamesPlayed
        self.wins = wins
        self.streakCurrent = streakCurrent
        self.streakBest = streakBest
    }
}
