import Foundation
import GameCore
import ParlorAPI
import ParlorPlay
import ParlorSocial

/// Social messages, rendered from the database (so every node sends the same) over ParlorSocial
/// and play's presence.
package struct SocialChannel: RealtimeSocial {
    let social: SocialServices
    let presence: PresenceService

    package init(social: SocialServices, presence: PresenceService) {
        self.social = social
        self.presence = presence
    }

    package func signedIn(user: String) async -> (friends: [String], frames: [OutgoingFrame]) {
        await presence.online(user)
        let friends = await friends(of: user)
        guard let activity = try? await presence.activity(of: friends) else { return (friends, []) }
        let frames = friends.compactMap { friend in
            activity[friend].flatMap { $0.online ? Self.frame(friend, $0) : nil }
        }
        return (friends, frames)
    }

    package func signedOut(user: String) async {
        await presence.offline(user)
    }

    package func friends(of user: String) async -> [String] {
        (try? await social.friends.friendIDs(of: user)) ?? []
    }

    package func presence(of friend: String) async -> [OutgoingFrame] {
        guard let activity = try? await presence.activity(of: [friend])[friend] else { return [] }
        return [Self.frame(friend, activity)]
    }

    package func achievement(game: String, key: String) -> [OutgoingFrame] {
        guard let definition = social.achievements.definition(game: game, key: key) else { return [] }
        return [
            .encoding(
                RealtimeAchievementUnlocked(
                    game: game, key: key, name: definition.name, description: definition.detail, points: definition.points))
        ]
    }

    private static func frame(_ user: String, _ activity: UserActivity) -> OutgoingFrame {
        .encoding(
            RealtimeFriendPresence(
                user: user, online: activity.online, games: activity.games.map { .init(gameId: $0.game, gameType: $0.gameType) }))
    }
}
