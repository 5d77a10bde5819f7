import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// The signed-in player's profile on the server: the account, ratings per game, achievements,
/// and changing the display name.
public struct ProfileClient: Sendable {
    public var me: @Sendable () async throws(ParlorError) -> PlayerProfile
    public var ratings: @Sendable () async throws(ParlorError) -> [GameRating]
    public var achievements: @Sendable () async throws(ParlorError) -> [AchievementProgress]
    /// Answers the profile as the server kept it.
    public var rename: @Sendable (_ displayName: String) async throws(ParlorError) -> PlayerProfile

    public init(
        me: @escaping @Sendable () async throws(ParlorError) -> PlayerProfile,
        ratings: @escaping @Sendable () async throws(ParlorError) -> [GameRating],
        achievements: @escaping @Sendable () async throws(ParlorError) -> [AchievementProgress],
        rename: @escaping @Sendable (_ displayName: String) async throws(ParlorError) -> PlayerProfile
    ) {
        self.me = me
        self.ratings = ratings
        self.achievements = achievements
        self.rename = rename
    }
}

extension ProfileClient {
    public static func live(_ client: ParlorClient) -> ProfileClient {
        ProfileClient(
            me: { () async throws(ParlorError) -> PlayerProfile in
                PlayerProfile(try await parlorCall { try await client.api.getMe().ok.body.json })
            },
            ratings: { () async throws(ParlorError) -> [GameRating] in
                try await parlorCall { try await client.api.getMyRatings().ok.body.json }.ratings.map {
                    GameRating(game: $0.gameType, rating: $0.rating, games: $0.games, wins: $0.wins, losses: $0.losses)
                }
            },
            achievements: { () async throws(ParlorError) -> [AchievementProgress] in
                try await parlorCall { try await client.api.listMyAchievements().ok.body.json }.achievements.map(AchievementProgress.init)
            },
            rename: { name throws(ParlorError) in
                PlayerProfile(try await parlorCall { try await client.api.updateMe(body: .json(.init(displayName: name))).ok.body.json })
            })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = ProfileClient(
        me: { () async throws(ParlorError) -> PlayerProfile in throw Unimplemented.call("ProfileClient.me") },
        ratings: { () async throws(ParlorError) -> [GameRating] in throw Unimplemented.call("ProfileClient.ratings") },
        achievements: { () async throws(ParlorError) -> [AchievementProgress] in throw Unimplemented.call("ProfileClient.achievements") },
        rename: { _ throws(ParlorError) in throw Unimplemented.call("ProfileClient.rename") })
}

extension ProfileClient: DependencyKey {
    public static var liveValue: ProfileClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: ProfileClient { .unimplemented }
}

extension DependencyValues {
    public var profileClient: ProfileClient {
        get { self[ProfileClient.self] }
        set { self[ProfileClient.self] = newValue }
    }
}
