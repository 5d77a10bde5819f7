import Foundation
import GameCore
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorPlay

/// ParlorSocial: friends and blocks, public profiles and user search, leaderboards with exact
/// ranks on every node, and achievements — scored only from authoritative results (finished
/// games, synced Tandem stats), never from a client.
///
/// Built once per node; what its routes, the real-time channel and the result hooks are handed.
package struct SocialServices: Sendable {
    package let catalogue: SocialCatalogue
    package let friends: FriendService
    package let leaderboards: LeaderboardService
    package let achievements: AchievementService
    package let profiles: ProfileService
    package let recorder: ResultRecorder
    package let database: Database

    package init(database: Database, engines: GameEngines, bus: any EventBus, now: @escaping @Sendable () -> Date) {
        let catalogue = SocialCatalogue(engines: engines)
        let friends = FriendService(database: database, bus: bus, now: now)
        let achievements = AchievementService(database: database, catalogue: catalogue)
        self.database = database
        self.catalogue = catalogue
        self.friends = friends
        self.achievements = achievements
        self.leaderboards = LeaderboardService(database: database, catalogue: catalogue, friends: friends, now: now)
        self.profiles = ProfileService(database: database, achievements: achievements)
        self.recorder = ResultRecorder(catalogue: catalogue)
    }

    /// What online play is handed: results go to the boards and achievements, blocks silence invitations and chat.
    package var playHooks: PlayHooks { PlayHooks(results: recorder, blocks: SocialBlockList()) }
}
