import ParlorAccounts
import ParlorEvents
import ParlorPlay
import SQLKit

/// Social's part of deleting an account: friendships, requests and blocks both ways, every
/// leaderboard entry (the histogram with them, so nobody else's rank keeps a ghost), and
/// achievement progress. The former friends' connections stop following the user's presence.
package struct SocialEraser: AccountErasureHook {
    let bus: any EventBus

    package init(bus: any EventBus) { self.bus = bus }

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        let friends = try await RelationStore.erase(user, on: sql)
        try await LeaderboardStore.erase(user, on: sql)
        try await AchievementStore.erase(user, on: sql)
        let bus = self.bus
        return ErasureFollowUp { for friend in friends { await bus.publish(SocialNotice.friendsChanged(user: friend)) } }
    }
}
