import Foundation
import ParlorAPI

/// The signed-in player as their profile shows them.
public struct PlayerProfile: Equatable, Sendable {
    public let id: String
    public let username: String
    public let displayName: String
    public let avatarURL: URL?

    public init(id: String, username: String, displayName: String, avatarURL: URL? = nil) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.avatarURL = avatarURL
    }

    init(_ user: Components.Schemas.User) {
        self.init(id: user.id, username: user.username, displayName: user.displayName, avatarURL: user.avatarUrl.flatMap(URL.init(string:)))
    }

    /// What stands in for a missing avatar: the first letters of the first two words of the name.
    public var initials: String {
        let words = displayName.split(whereSeparator: \.isWhitespace).prefix(2)
        let letters = words.compactMap(\.first).map { String($0).uppercased() }.joined()
        return letters.isEmpty ? "?" : letters
    }
}

/// A rating and the games behind it, in one game.
public struct GameRating: Equatable, Sendable, Identifiable {
    /// The game's id (`quortex`, `crazy-eights`).
    public let game: String
    public let rating: Int
    public let games: Int
    public let wins: Int
    public let losses: Int

    public var id: String { game }

    public init(game: String, rating: Int, games: Int, wins: Int, losses: Int) {
        self.game = game
        self.rating = rating
        self.games = games
        self.wins = wins
        self.losses = losses
    }

    /// `Quortex`, `Crazy Eights`: the id's words capitalised.
    public var title: String {
        game.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Games that were neither won nor lost (draws, abandoned).
    public var others: Int { max(games - wins - losses, 0) }
}

/// One achievement's progress; a hidden one has no name until it is unlocked.
public struct AchievementProgress: Equatable, Sendable, Identifiable {
    public let game: String
    public let key: String
    public let name: String?
    public let points: Int
    public let unlockedAt: Date?

    public var id: String { game + "/" + key }
    public var isUnlocked: Bool { unlockedAt != nil }

    public init(game: String, key: String, name: String?, points: Int, unlockedAt: Date?) {
        self.game = game
        self.key = key
        self.name = name
        self.points = points
        self.unlockedAt = unlockedAt
    }

    init(_ wire: Components.Schemas.Achievement) {
        self.init(game: wire.game, key: wire.key, name: wire.name, points: wire.points, unlockedAt: wire.unlockedAt)
    }
}

/// The profile's line about achievements: how many of how many, the points, the newest ones.
public struct AchievementsSummary: Equatable, Sendable {
    public let unlocked: Int
    public let total: Int
    public let points: Int
    /// Up to three, newest first.
    public let recent: [String]

    public init(_ achievements: [AchievementProgress]) {
        let done = achievements.filter(\.isUnlocked).sorted { ($0.unlockedAt ?? .distantPast) > ($1.unlockedAt ?? .distantPast) }
        unlocked = done.count
        total = achievements.count
        points = done.map(\.points).reduce(0, +)
        recent = done.prefix(3).compactMap(\.name)
    }

    /// `3 of 24 unlocked · 45 points`.
    public var text: String { "\(unlocked) of \(total) unlocked · \(points) points" }
}
