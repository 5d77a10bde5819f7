import Foundation

// Social messages on the real-time channel, sent to a user's connections whether or not they
// follow any game: a friend's presence, a change to the friend list, an unlocked achievement.

/// Where a friend is now: sent when they come online, go offline, or enter or leave a game, and
/// for every friend online when the connection signs in.
public struct RealtimeFriendPresence: Codable, Sendable, Equatable {
    public struct Playing: Codable, Sendable, Equatable {
        @WireUUID public var gameId: UUID
        public var gameType: String
        private enum CodingKeys: String, CodingKey { case gameId = "game_id", gameType = "game_type" }
        public init(gameId: UUID, gameType: String) {
            self.gameId = gameId
            self.gameType = gameType
        }
    }

    public var type = RealtimeServerMessageType.friendPresence.rawValue
    public var user: String
    public var online: Bool
    public var games: [Playing]
    public init(user: String, online: Bool, games: [Playing]) {
        self.user = user
        self.online = online
        self.games = games
    }
}

/// The friends or friend requests changed (a request received or accepted, a friend removed or
/// blocked): load `/friends` and `/friends/requests` again.
public struct RealtimeFriendsChanged: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.friendsChanged.rawValue
    public init() {}
}

/// The receiver unlocked an achievement; sent once, when it unlocks.
public struct RealtimeAchievementUnlocked: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.achievementUnlocked.rawValue
    public var game: String
    public var key: String
    public var name: String
    public var description: String
    public var points: Int
    public init(game: String, key: String, name: String, description: String, points: Int) {
        self.game = game
        self.key = key
        self.name = name
        self.description = description
        self.points = points
    }
}
