import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient
import Testing

/// A player of the live social tests: a guest on a client of their own, upgraded with a username
/// (search finds users by it), and the social models over that client.
@MainActor
struct SocialLivePlayer {
    let client: ParlorClient
    let user: SignedInUser

    /// A guest who then registers `name` plus a few random letters (names are unique per server).
    static func join(_ url: URL, name: String) async throws -> SocialLivePlayer {
        let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
        try await client.signIn(.guest(deviceID: "social-\(name)-" + UUID().uuidString.lowercased()))
        let username = name + UUID().uuidString.prefix(6).lowercased().filter { $0.isLetter || $0.isNumber }
        let user = SignedInUser(try await client.link(.register(username: username, password: "a long password", email: nil)))
        #expect(user.username == username && !user.isGuest)
        return SocialLivePlayer(client: client, user: user)
    }

    func friendsModel() -> FriendsModel {
        withDependencies {
            $0.socialClient = .live(client)
            // The live tests do not wait out the search's pause.
            $0.continuousClock = ImmediateClock()
        } operation: { FriendsModel(myUserID: user.id) }
    }

    func leaderboardsModel(game: String) -> LeaderboardsModel {
        withDependencies { $0.socialClient = .live(client) } operation: { LeaderboardsModel(game: game) }
    }

    func achievementsModel(game: String) -> AchievementsModel {
        withDependencies { $0.socialClient = .live(client) } operation: { AchievementsModel(game: game) }
    }

    /// Asks `other` and has them accept, straight through the API.
    func befriend(_ other: SocialLivePlayer) async throws {
        let asked = try await client.api.sendFriendRequest(body: .json(.init(user: other.user.username))).ok.body.json
        #expect(asked.relation == .requestSent)
        let accepted = try await other.client.api.acceptFriendRequest(path: .init(userID: user.id)).ok.body.json
        #expect(accepted.relation == .friends)
    }
}
