import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import Testing
import TestSupport

/// `DELETE /sync/events` (seed 001 §4.3, "clear sync data"): the data goes, and stays gone when a
/// device that has not heard of it syncs again, unless the user restores it.
@Suite struct SyncClearTests {
    @Test(arguments: TestDatabaseKind.available)
    func clearingForgetsTheLogAndOldTokens(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let other = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            #expect(try await server.push(make.games("phone", 1...5), token: player.token).status == .ok)
            #expect(try await server.push(make.games("ipad", 1...3), token: player.token).status == .ok)
            #expect(try await server.push(make.games("phone", 1...2), token: other.token).status == .ok)
            let before = try await server.page(token: player.token)["next"]

            let cleared = try await server.send("/sync/events", method: .delete, token: player.token)
            #expect(cleared.status == .ok)
            #expect(cleared.number("cleared") == 8)
            #expect(cleared["change_token"] == changeToken(9), "the clear takes a change number of its own")
            #expect(try await server.storedEventCount() == 2, "another user's events stay")
            let summary = try await server.summary(token: player.token)
            #expect(summary.number("event_count") == 0)

            // A token from before the clear is told apart; the clear's own token and none at all work.
            let stale = try await server.page(since: before, token: player.token)
            #expect(stale.status == .gone)
            #expect(stale.errorCode == "sync_cleared")
            let fresh = try await server.page(since: cleared["change_token"], token: player.token)
            #expect(fresh.status == .ok && (fresh.json["events"] as? [Any])?.isEmpty == true)
            #expect(try await server.page(token: player.token).status == .ok)

            // Clearing again, with nothing stored, is fine and still moves the token on.
            let again = try await server.send("/sync/events", method: .delete, token: player.token)
            #expect(again.status == .ok && again.number("cleared") == 0 && again["change_token"] == changeToken(10))
            #expect(try await server.send("/sync/events", method: .delete).status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aDeviceThatSyncsLaterDoesNotBringItBackUnlessRestored(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let history = make.games("phone", 1...4)
            #expect(try await server.push(history, token: player.token).status == .ok)
            #expect(try await server.send("/sync/events", method: .delete, token: player.token).status == .ok)

            // The phone, offline during the clear, uploads its old events with one new one: all refused.
            let next = make.game("phone", 5)
            let late = try await server.push(history + [next], token: player.token)
            #expect(late.status == .conflict)
            #expect(late.errorCode == "sync_cleared")
            #expect(late.invalidFields == (0..<4).map { "events[\($0)].seq" })
            #expect(try await server.storedEventCount() == 0, "nothing of a refused batch is stored")

            // What the phone records after the clear is welcome; another device's history was never cleared.
            #expect(try await server.push([next], token: player.token).number("accepted") == 1)
            #expect(try await server.push(make.games("watch", 1...2), token: player.token).number("accepted") == 2)

            // The user chooses to restore the phone's history.
            let restored = try await server.send("/sync/events", data: try Self.restoreBody(history), token: player.token)
            #expect(restored.status == .ok)
            #expect(restored.number("accepted") == 4)
            let all = try await server.pageThrough(limit: 100, token: player.token)
            #expect(all.events.count == 7)
            #expect(Set(history.map(\.id) + [next.id]).isSubset(of: Set(all.events.map(\.id))))
            // Scored once: the restored history counted before the clear and does not count again.
            #expect(try await Self.gamesPlayed(server, token: player.token) == 7)
        }
    }

    @Test func uploadsPerUserAreLimited() async throws {
        try await withAccountsServer({ $0.rateLimits.syncUploadsPerUser = .init(3, per: .seconds(300)) }) { server in
            let player = try await server.player()
            let other = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            for seq in 1...3 { #expect(try await server.push([make.game("phone", seq)], token: player.token).status == .ok) }
            let refused = try await server.push([make.game("phone", 4)], token: player.token)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorCode == "rate_limited")
            let retryAfter = try #require(refused.headers[.retryAfter].flatMap(Int.init))
            #expect((1...300).contains(retryAfter))
            #expect(try await server.storedEventCount() == 3)
            #expect(try await server.push([make.game("phone", 1)], token: other.token).status == .ok, "the limit is per user")
            server.clock.advance(seconds: 301)
            let later = try await server.push([make.game("phone", 4)], token: player.token)
            #expect(later.status == .ok, "\(later.status) \(later.errorCode ?? "")")
        }
    }

    /// The player's own score on Tandem's all-time games-played board.
    static func gamesPlayed(_ server: AccountsHarness, token: String) async throws -> Int? {
        let board = try await server.send("/leaderboards/tandem.games_played", method: .get, token: token)
        let entries = board.json["entries"] as? [[String: any Sendable]] ?? []
        return entries.first?["score"] as? Int
    }

    static func restoreBody(_ events: [StatsEvent]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["events": try events.map(wireObject), "restore": true])
    }
}
