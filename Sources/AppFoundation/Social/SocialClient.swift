import Dependencies
import Foundation
import ParlorClient

/// The social screens' outside effects: leaderboards, achievements, friends, requests, blocks,
/// user search, game invitations and friends' presence. Live over the app's ``ParlorClient``
/// (``live(_:)``); in tests whatever the test sets (an unset closure fails the test).
public struct SocialClient: Sendable {
    /// The game's boards (`quortex` → `quortex.rating`, `quortex.wins`, …), in the server's order.
    public var leaderboards: @Sendable (_ game: String) async throws(ParlorError) -> [Leaderboard]
    /// A page of the board's top in the current span of `period`.
    public var top: @Sendable (_ board: String, _ period: LeaderboardPeriod, _ cursor: String?, _ limit: Int) async throws(ParlorError) -> LeaderboardPage
    /// The player's entry and the `radius` entries either side of it.
    public var aroundMe: @Sendable (_ board: String, _ period: LeaderboardPeriod, _ radius: Int) async throws(ParlorError) -> LeaderboardWindow
    /// The player and their friends, ranked among themselves.
    public var friendsBoard: @Sendable (_ board: String, _ period: LeaderboardPeriod) async throws(ParlorError) -> LeaderboardWindow
    /// The game's achievements with the player's progress.
    public var achievements: @Sendable (_ game: String) async throws(ParlorError) -> [Achievement]
    public var friends: @Sendable () async throws(ParlorError) -> [Friend]
    public var incomingRequests: @Sendable () async throws(ParlorError) -> [ListedUser]
    public var outgoingRequests: @Sendable () async throws(ParlorError) -> [ListedUser]
    public var blocked: @Sendable () async throws(ParlorError) -> [ListedUser]
    /// Users whose username starts with `prefix` (letters, digits and `_`, ignoring case).
    public var search: @Sendable (_ prefix: String) async throws(ParlorError) -> [SocialUser]
    /// Applies `action` towards `user` (an id or a username); answers the relation after it.
    public var act: @Sendable (_ action: RelationAction, _ user: String) async throws(ParlorError) -> (SocialUser, UserRelation)
    /// Invites users (ids or usernames) to a waiting game the player sits in.
    public var invite: @Sendable (_ game: UUID, _ users: [String]) async throws(ParlorError) -> Void
    /// What the server says about friends from now on; ends when the consumer stops.
    public var events: @Sendable () -> AsyncStream<SocialEvent>

    public init(
        leaderboards: @escaping @Sendable (_ game: String) async throws(ParlorError) -> [Leaderboard],
        top: @escaping @Sendable (_ board: String, _ period: LeaderboardPeriod, _ cursor: String?, _ limit: Int) async throws(ParlorError) -> LeaderboardPage,
        aroundMe: @escaping @Sendable (_ board: String, _ period: LeaderboardPeriod, _ radius: Int) async throws(ParlorError) -> LeaderboardWindow,
        friendsBoard: @escaping @Sendable (_ board: String, _ period: LeaderboardPeriod) async throws(ParlorError) -> LeaderboardWindow,
        achievements: @escaping @Sendable (_ game: String) async throws(ParlorError) -> [Achievement],
        friends: @escaping @Sendable () async throws(ParlorError) -> [Friend],
        incomingRequests: @escaping @Sendable () async throws(ParlorError) -> [ListedUser],
        outgoingRequests: @escaping @Sendable () async throws(ParlorError) -> [ListedUser],
        blocked: @escaping @Sendable () async throws(ParlorError) -> [ListedUser],
        search: @escaping @Sendable (_ prefix: String) async throws(ParlorError) -> [SocialUser],
        act: @escaping @Sendable (_ action: RelationAction, _ user: String) async throws(ParlorError) -> (SocialUser, UserRelation),
        invite: @escaping @Sendable (_ game: UUID, _ users: [String]) async throws(ParlorError) -> Void,
        events: @escaping @Sendable () -> AsyncStream<SocialEvent>
    ) {
        self.leaderboards = leaderboards
        self.top = top
        self.aroundMe = aroundMe
        self.friendsBoard = friendsBoard
        self.achievements = achievements
        self.friends = friends
        self.incomingRequests = incomingRequests
        self.outgoingRequests = outgoingRequests
        self.blocked = blocked
        self.search = search
        self.act = act
        self.invite = invite
        self.events = events
    }
}

extension SocialClient {
    /// Fails the test that calls it: a test sets the closures its model uses. `events` is
    /// silent (a screen listens for them whether or not the test cares).
    public static let unimplemented = SocialClient(
        leaderboards: { _ throws(ParlorError) in throw Unimplemented.call("SocialClient.leaderboards") },
        top: { _, _, _, _ throws(ParlorError) in throw Unimplemented.call("SocialClient.top") },
        aroundMe: { _, _, _ throws(ParlorError) in throw Unimplemented.call("SocialClient.aroundMe") },
        friendsBoard: { _, _ throws(ParlorError) in throw Unimplemented.call("SocialClient.friendsBoard") },
        achievements: { _ throws(ParlorError) in throw Unimplemented.call("SocialClient.achievements") },
        friends: { () async throws(ParlorError) -> [Friend] in throw Unimplemented.call("SocialClient.friends") },
        incomingRequests: { () async throws(ParlorError) -> [ListedUser] in throw Unimplemented.call("SocialClient.incomingRequests") },
        outgoingRequests: { () async throws(ParlorError) -> [ListedUser] in throw Unimplemented.call("SocialClient.outgoingRequests") },
        blocked: { () async throws(ParlorError) -> [ListedUser] in throw Unimplemented.call("SocialClient.blocked") },
        search: { _ throws(ParlorError) in throw Unimplemented.call("SocialClient.search") },
        act: { _, _ throws(ParlorError) in throw Unimplemented.call("SocialClient.act") },
        invite: { _, _ throws(ParlorError) in throw Unimplemented.call("SocialClient.invite") },
        events: { AsyncStream { $0.finish() } })
}

extension SocialClient: DependencyKey {
    public static var liveValue: SocialClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: SocialClient { .unimplemented }
}

extension DependencyValues {
    public var socialClient: SocialClient {
        get { self[SocialClient.self] }
        set { self[SocialClient.self] = newValue }
    }
}
