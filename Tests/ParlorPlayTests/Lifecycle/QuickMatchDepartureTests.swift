import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import ParlorPlay
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Nobody is matched with an absent player: a quick-match entry goes with its player's last
/// socket, and an entry that has waited past the bound is dropped instead of paired.
@Suite(.timeLimit(.minutes(3))) struct QuickMatchDepartureTests {
    static let request = #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#

    @Test(arguments: TestDatabaseKind.available)
    func anEntryGoesWithItsPlayersLastSocketAndNobodyIsMatchedWithThem(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (absent, other) = (try await server.guest(), try await server.guest())
            let url = "ws://127.0.0.1:\(try #require(server.client.port))/ws"
            let phone = TestSocket(url: url, token: absent.token)
            let tablet = TestSocket(url: url, token: absent.token)
            for socket in [phone, tablet] { _ = try await nextMessage(ofType: "welcome", on: socket) }
            #expect(try await server.call(.post, "/matchmaking/quick", as: absent, body: Self.request).json["status"] as? String == "waiting")

            // One socket of two closing leaves the player online: the entry stays.
            phone.close()
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await server.call(.get, "/matchmaking/quick", as: absent).json["status"] as? String == "waiting")

            tablet.close()
            #expect(await eventually { (try? await server.call(.get, "/matchmaking/quick", as: absent).status) == 404 }, "the last socket took the entry")
            let entered = try await server.call(.post, "/matchmaking/quick", as: other, body: Self.request)
            #expect(entered.json["status"] as? String == "waiting", "nobody is matched with the absent player: \(entered.json)")
            #expect(entered.json["match"] == nil)

            // A player who goes once matched keeps the match: the game exists, they find it when back.
            let partner = try await server.guest()
            let partnerSocket = TestSocket(url: url, token: partner.token)
            _ = try await nextMessage(ofType: "welcome", on: partnerSocket)
            #expect(try await server.call(.post, "/matchmaking/quick", as: partner, body: Self.request).status == 200)
            #expect(await eventually { (try? await server.call(.get, "/matchmaking/quick", as: partner).json["status"] as? String) == "matched" })
            partnerSocket.close()
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await server.call(.get, "/matchmaking/quick", as: partner).json["status"] as? String == "matched")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func anEntryOlderThanTheBoundIsDroppedInsteadOfPaired(kind: TestDatabaseKind) async throws {
        var options = ServerOptions.onlinePlay(kind: kind)
        options.manualClock = true
        try await withServer(options) { test in
            let server = OnlinePlayServer(test)
            let (stale, fresh) = (try await server.guest(), try await server.guest())
            #expect(try await server.call(.post, "/matchmaking/quick", as: stale, body: Self.request).json["status"] as? String == "waiting")
            test.clock.advance(seconds: QuickMatchPairing.longestWait + 1)
            let entered = try await server.call(.post, "/matchmaking/quick", as: fresh, body: Self.request)
            #expect(entered.json["status"] as? String == "waiting", "\(entered.json)")
            #expect(try await server.call(.get, "/matchmaking/quick", as: stale).status == 404)
        }
    }

    @Test func pairingLeavesOutEntriesThatWaitedPastTheBound() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let old = QuickMatchEntry(id: "old", rating: 1200, enqueuedAt: now.addingTimeInterval(-QuickMatchPairing.longestWait - 1))
        let edge = QuickMatchEntry(id: "edge", rating: 1200, enqueuedAt: now.addingTimeInterval(-QuickMatchPairing.longestWait))
        let new = QuickMatchEntry(id: "new", rating: 1200, enqueuedAt: now)
        #expect(QuickMatchPairing.groups(from: [old, new], size: 2, now: now).isEmpty)
        #expect(QuickMatchPairing.groups(from: [old, edge, new], size: 2, now: now).map { $0.map(\.id) } == [["edge", "new"]])
    }
}
