import struct Foundation.Date
import struct Foundation.UUID
import GameCore

/// A person's local identity in OneForTheBoys: name, avatar, stats and owned cosmetics. It travels
/// in lobby messages, so every field a later version adds must be optional or defaulted (decoding,
/// in `PlayerProfile+Coding.swift`, fills in whatever an older or newer build left out).
public struct PlayerProfile: Codable, Identifiable, Hashable, Sendable {
    public let id: UUID
    public var username: String
    public var avatar: AvatarConfig
    public var globalStats: GlobalStats
    public var statsByGameType: [GameType: GameStats]
    public var ownedProductIDs: Set<String>
    /// The ids of the most recently recorded finished games, oldest first, at most
    /// `recordedGameLimit` of them: what makes `recordGame(_:)` count each game once.
    /// Only `recordGame(_:)` changes it, so that the bound holds.
    public internal(set) var recordedGameIDs: [UUID]

    public init(
        id: UUID = UUID(), username: String, avatar: AvatarConfig = AvatarConfig(),
        globalStats: GlobalStats = GlobalStats(), statsByGameType: [GameType: GameStats] = [:],
        ownedProductIDs: Set<String> = [], recordedGameIDs: [UUID] = []
    ) {
        self.id = id
        self.username = username
        self.avatar = avatar
        self.globalStats = globalStats
        self.statsByGameType = statsByGameType
        self.ownedProductIDs = ownedProductIDs
        self.recordedGameIDs = Array(recordedGameIDs.suffix(Self.recordedGameLimit))
    }

    /// The profile to show other players: the same, without the recorded game ids, which are
    /// only bookkeeping for this device (and up to 20 KB of a lobby message).
    public var publicCopy: PlayerProfile {
        var copy = self
        copy.recordedGameIDs = []
        return copy
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

/// Totals and streaks for one game. A streak counts consecutive wins; any loss ends it.
public struct GameStats: Codable, Hashable, Sendable {
    public var gamesPlayed: Int
    public var wins: Int
    public var streakCurrent: Int
    public var streakBest: Int
    /// When the latest recorded game of this kind finished, for "recently played" ordering; nil
    /// in profiles written before it existed.
    public var lastPlayedAt: Date?

    public init(gamesPlayed: Int = 0, wins: Int = 0, streakCurrent: Int = 0, streakBest: Int = 0, lastPlayedAt: Date? = nil) {
        self.gamesPlayed = gamesPlayed
        self.wins = wins
        self.streakCurrent = streakCurrent
        self.streakBest = streakBest
        self.lastPlayedAt = lastPlayedAt
    }

    /// Games played and not won (draws included: a game nobody won is a loss for everyone).
    public var losses: Int { gamesPlayed - wins }
}
