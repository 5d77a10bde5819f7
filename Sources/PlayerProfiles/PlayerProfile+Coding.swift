import struct Foundation.Date
import struct Foundation.UUID
import GameCore

// Tolerant reading: only what identifies a profile (`id`, `username`) is required. Every other
// field defaults when missing, because an older build did not write it, and unknown keys from a
// newer build are ignored. Wrong types are still errors: they mean the data is not a profile.

extension PlayerProfile {
    private enum CodingKeys: String, CodingKey {
        case id, username, avatar, globalStats, ownedProductIDs, recordedGameIds
        /// The seed's name, kept so every profile written so far still reads.
        case statsByGameType = "statsByGameId"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            username: try container.decode(String.self, forKey: .username),
            avatar: try container.decodeIfPresent(AvatarConfig.self, forKey: .avatar) ?? AvatarConfig(),
            globalStats: try container.decodeIfPresent(GlobalStats.self, forKey: .globalStats) ?? GlobalStats(),
            statsByGameType: try container.decodeIfPresent([GameType: GameStats].self, forKey: .statsByGameType) ?? [:],
            ownedProductIDs: try container.decodeIfPresent(Set<String>.self, forKey: .ownedProductIDs) ?? [],
            recordedGameIDs: try container.decodeIfPresent([UUID].self, forKey: .recordedGameIds) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(avatar, forKey: .avatar)
        try container.encode(globalStats, forKey: .globalStats)
        try container.encode(statsByGameType, forKey: .statsByGameType)
        // Sorted, because a Set's order changes from run to run and the same profile should
        // always produce the same bytes (no spurious backup uploads, comparable files).
        try container.encode(ownedProductIDs.sorted(), forKey: .ownedProductIDs)
        // Order matters here: the oldest id is the first to be forgotten.
        try container.encode(recordedGameIDs, forKey: .recordedGameIds)
    }
}

extension GlobalStats {
    private enum CodingKeys: String, CodingKey { case totalGamesPlayed, totalWins }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            totalGamesPlayed: try container.decodeIfPresent(Int.self, forKey: .totalGamesPlayed) ?? 0,
            totalWins: try container.decodeIfPresent(Int.self, forKey: .totalWins) ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(totalGamesPlayed, forKey: .totalGamesPlayed)
        try container.encode(totalWins, forKey: .totalWins)
    }
}

extension GameStats {
    private enum CodingKeys: String, CodingKey { case gamesPlayed, wins, streakCurrent, streakBest, lastPlayedAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            gamesPlayed: try container.decodeIfPresent(Int.self, forKey: .gamesPlayed) ?? 0,
            wins: try container.decodeIfPresent(Int.self, forKey: .wins) ?? 0,
            streakCurrent: try container.decodeIfPresent(Int.self, forKey: .streakCurrent) ?? 0,
            streakBest: try container.decodeIfPresent(Int.self, forKey: .streakBest) ?? 0,
            lastPlayedAt: try container.decodeIfPresent(Date.self, forKey: .lastPlayedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gamesPlayed, forKey: .gamesPlayed)
        try container.encode(wins, forKey: .wins)
        try container.encode(streakCurrent, forKey: .streakCurrent)
        try container.encode(streakBest, forKey: .streakBest)
        try container.encodeIfPresent(lastPlayedAt, forKey: .lastPlayedAt)
    }
}
