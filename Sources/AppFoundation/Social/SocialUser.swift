import Foundation

/// Another player as the social screens name them: who they are, never how to reach them.
public struct SocialUser: Equatable, Hashable, Sendable, Identifiable {
    public let id: String
    public let username: String
    public let displayName: String

    public init(id: String, username: String, displayName: String) {
        self.id = id
        self.username = username
        self.displayName = displayName
    }
}

/// A user on one of the lists (requests in or out, blocked) with when they got there.
public struct ListedUser: Equatable, Sendable, Identifiable {
    public let user: SocialUser
    public let since: Date

    public var id: String { user.id }

    public init(user: SocialUser, since: Date) {
        self.user = user
        self.since = since
    }
}

/// How the signed-in player stands towards another user, as the server says after each change.
public enum UserRelation: String, Equatable, Sendable {
    case none
    case requestSent
    case requestReceived
    case friends
    case blocking
}

/// What the player does about another user; each is one call and answers the new relation.
public enum RelationAction: String, Equatable, Sendable, CaseIterable {
    case request, accept, decline, cancel, remove, block, unblock
}

/// Where a friend is: what the server's presence says, and when this device last saw them online.
public enum FriendPresence: Equatable, Sendable {
    case online
    /// Connected to games in progress (the first one's type names it).
    case playing(gameType: String, gameID: UUID?)
    /// `lastSeen` is when this device heard them go offline; nil when it never saw them online.
    case offline(lastSeen: Date?)

    public var isOnline: Bool {
        if case .offline = self { false } else { true }
    }
}

/// A friend and where they are.
public struct Friend: Equatable, Sendable, Identifiable {
    public let user: SocialUser
    public let since: Date
    public var presence: FriendPresence

    public var id: String { user.id }

    public init(user: SocialUser, since: Date, presence: FriendPresence) {
        self.user = user
        self.since = since
        self.presence = presence
    }
}

/// Something the server said about the player's friends while the screen is open.
public enum SocialEvent: Equatable, Sendable {
    /// A friend came online, went offline, or joined or left a game (offline carries no date:
    /// the model stamps it with the time it heard).
    case presence(userID: String, FriendPresence)
    /// Requests or friendships changed on the server (someone asked, accepted, removed): reload.
    case friendsChanged
}
