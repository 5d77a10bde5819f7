import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorAPI
import ParlorClient
import Testing
import TestSupport

/// Social messages reach the SDK's user stream typed.
@Suite("Client social events", .timeLimit(.minutes(2)))
struct RealtimeSocialEventsTests {
    @Test("a friend request arrives as friendsChanged; a first win as achievementUnlocked (whose game names a kind, not a game id)")
    func typed() async throws {
        try await withOnlinePlayServer { server in
            let client = ParlorClient(serverURL: try server.url(), transport: TestClientTransport(client: server.client))
            let me = try await client.signIn(.guest(deviceID: UUID().uuidString))
            let bob = OnlinePlayServer.Guest(token: try await client.session.accessToken(), user: me.id)
            let ann = try await server.guest()
            let events = try #require(await client.realtime())
            var typed = await events.userEvents().makeAsyncIterator()
            guard case .welcome? = await typed.next() else { throw TestSetupError("no welcome first") }

            let asked = try await server.call(.post, "/friends/requests", as: ann, body: #"{"user":"\#(bob.user)"}"#)
            #expect(asked.status == 200 || asked.status == 201, "\(asked)")
            guard case .friendsChanged? = await typed.next() else { throw TestSetupError("no friendsChanged") }

            let game = try await server.table(game: "quortex", players: [bob, ann], mode: "turn_based")
            let resigned = try await server.call(.post, "/games/\(game.uuidString.lowercased())/resign", as: ann, body: #"{"move_id":"r-1"}"#)
            #expect(resigned.status == 200)
            var unlocked: RealtimeAchievementUnlocked?
            while unlocked == nil, let next = await typed.next() {
                if case .achievementUnlocked(let achievement) = next { unlocked = achievement }
            }
            #expect(unlocked?.game == "quortex" && unlocked?.key == "first_win")
            await events.connection.close()
        }
    }
}
