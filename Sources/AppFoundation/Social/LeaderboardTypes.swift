import Foundation

/// Which span of time a board ranks: the server keeps each board per period, split in UTC.
public enum LeaderboardPeriod: String, Equatable, Hashable, Sendable, CaseIterable, Identifiable {
    case allTime = "all_time"
    case monthly
    case weekly
    case daily

    public var id: String { rawValue }

    /// The picker's words.
    public var title: String {
        switch self {
        case .allTime: "All Time"
        case .monthly: "This Month"
        case .weekly: "This Week"
        case .daily: "Today"
        }
    }
}

/// One of a game's leaderboards (`quortex.rating`, `quortex.wins`, …) and the periods it keeps.
public struct Leaderboard: Equatable, Sendable, Identifiable {
    public let id: String
    public let game: String
    public let name: String
    /// Fewer is better (fewest tiles to a win): the top is the lowest score.
    public let lowerIsBetter: Bool
    public let periods: [LeaderboardPeriod]

    public init(id: String, game: String, name: String, lowerIsBetter: Bool, periods: [LeaderboardPeriod]) {
        self.id = id
        self.game = game
        self.name = name
        self.lowerIsBetter = lowerIsBetter
        self.periods = periods
    }
}

/// One ranked entry, as the server answers it: ties share a rank and the next rank skips.
public struct LeaderboardEntry: Equatable, Sendable {
    public let rank: Int
    public let user: SocialUser
    public let score: Int64

    public init(rank: Int, user: SocialUser, score: Int64) {
        self.rank = rank
        self.user = user
        self.score = score
    }
}

/// A page of a board's top: `total` entries in the period, `next` to read on (nil on the last page).
public struct LeaderboardPage: Equatable, Sendable {
    public let entries: [LeaderboardEntry]
    public let total: Int
    public let next: String?

    public init(entries: [LeaderboardEntry], total: Int, next: String?) {
        self.entries = entries
        self.total = total
        self.next = next
    }
}

/// The entries around the player (or the player and their friends); `me` is nil when the
/// player has no entry in the period.
public struct LeaderboardWindow: Equatable, Sendable {
    public let me: LeaderboardEntry?
    public let entries: [LeaderboardEntry]

    public init(me: LeaderboardEntry?, entries: [LeaderboardEntry]) {
        self.me = me
        self.entries = entries
    }
}

/// A row as the leaderboard screen shows it.
public struct LeaderboardRow: Equatable, Sendable, Identifiable {
    public let rank: Int
    public let user: SocialUser
    public let score: String
    /// The signed-in player's own row, shown highlighted.
    public let isMe: Bool

    public var id: String { user.id }

    public init(rank: Int, user: SocialUser, score: String, isMe: Bool) {
        self.rank = rank
        self.user = user
        self.score = score
        self.isMe = isMe
    }
}
