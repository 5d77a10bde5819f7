import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import Testing
import TestSupport

/// `GET /sync/events`: pages, change tokens, version vectors and isolation between users.
@Suite struct SyncPagingTests {
    @Test(arguments: TestDatabaseKind.available)
    func pagesServeEveryEventOnceInTheOrderStored(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let first = make.games("phone", 1...9) + [make.setting("phone", 10, "theme", "dark/blue")]
            let second = make.games("tablet", 1...6) + [make.reset("tablet", 7, seen: ["phone": 4])]
            #expect(try await server.push(first, token: player.token).status == .ok)
            #expect(try await server.push(second, token: player.token).status == .ok)

            let all = try await server.pageThrough(limit: 4, token: player.token)
            #expect(all.events == first + second)
            #expect(all.pages.map(\.events.count) == [4, 4, 4, 4, 1])
            #expect(all.pages.dropLast().allSatisfy { $0.hasMore })
            #expect(all.next == changeToken(17))
            #expect(all.pages.last?.version == EventLog(first + second).version)

            // Each event is the JSON object StatsSync writes.
            let raw = try await server.page(limit: 1000, token: player.token)
            let objects = try #require(raw.json["events"] as? [[String: Any]])
            for (object, event) in zip(objects, first + second) {
                #expect(NSDictionary(dictionary: object) == NSDictionary(dictionary: try wireObject(event)))
            }
            #expect(raw.json["has_more"] as? Bool == false)

            // From the middle, and past the end.
            let rest = try await server.pageThrough(since: changeToken(12), limit: 100, token: player.token)
            #expect(rest.events == Array(second.dropFirst(2)))
            let end = try await server.page(since: all.next, token: player.token)
            #expect(end.status == .ok)
            #expect((end.json["events"] as? [Any])?.isEmpty == true)
            #expect(end["next"] == all.next, "an empty page gives the token back")
            #expect(end.json["has_more"] as? Bool == false)

            // A new event shows up after the token, alone.
            let later = make.game("phone", 11)
            #expect(try await server.push([later], token: player.token).status == .ok)
            #expect(try await server.pageThrough(since: all.next, limit: 10, token: player.token).events == [later])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func versionVectorsCountOnlyGapFreePrefixes(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let games = make.games("phone", 1...10)
            func version(after events: [StatsEvent]) async throws -> [String: Int]? {
                try await server.push(events, token: player.token).json["version"] as? [String: Int]
            }
            #expect(try await version(after: [games[0], games[1], games[3]]) == ["phone": 2])
            #expect(try await version(after: [games[5], games[6]]) == ["phone": 2])
            #expect(try await version(after: [games[2]]) == ["phone": 4], "3 fills the gap up to 4; 5 is missing")
            #expect(try await version(after: [games[4], games[9]]) == ["phone": 7], "5 reaches the held 6 and 7")
            #expect(try await version(after: [make.game("tablet", 2)]) == ["phone": 7])
            #expect(try await version(after: [games[8], games[7]]) == ["phone": 10])
            let page = try await server.page(token: player.token)
            #expect(page.json["version"] as? [String: Int] == ["phone": 10])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aGapFilledFarBelowManyHeldEventsIsCountedInFull(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let games = make.games("phone", 1...2_400)
            for batch in stride(from: 1, to: 2_400, by: 400) {
                #expect(try await server.push(Array(games[batch..<min(batch + 400, 2_400)]), token: player.token).status == .ok)
            }
            let filled = try await server.push([games[0]], token: player.token)
            #expect(filled.json["version"] as? [String: Int] == ["phone": 2_400])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func playersSeeOnlyTheirOwnEvents(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let alice = try await server.player("alice")
            let bob = try await server.player("bob")
            let make = SyncEventFactory(now: server.clock.now())
            let alices = make.games("phone", 1...3)
            #expect(try await server.push(alices, token: alice.token).status == .ok)
            // Bob's device happens to use Alice's ids and dots with other content: no clash across accounts.
            let bobs = alices.map { make.game("phone", $0.sequence, mistakes: 2, id: $0.id) }
            let stored = try await server.push(bobs, token: bob.token)
            #expect(stored.number("accepted") == 3)
            #expect(stored["change_token"] == changeToken(3), "change numbers are per account")

            #expect(try await server.pageThrough(limit: 10, token: alice.token).events == alices)
            #expect(try await server.pageThrough(limit: 10, token: bob.token).events == bobs)
            let carol = try await server.player("carol")
            #expect(try await server.pageThrough(limit: 10, token: carol.token).events.isEmpty)
            let carolsSummary = try await server.summary(token: carol.token)
            #expect(carolsSummary.number("event_count") == 0)
            #expect(try await server.page(since: changeToken(3), token: carol.token).errorCode == "invalid_change_token")
        }
    }

    @Test func badChangeTokensAndLimitsAreRefused() async throws {
        try await withAccountsServer { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            #expect(try await server.push(make.games("phone", 1...3), token: player.token).status == .ok)
            for since in ["garbage", changeToken(1, version: "v2"), changeToken(-1), "djE6MQ==", changeToken(4), changeToken(1) + "x"] {
                let reply = try await server.page(since: since, token: player.token)
                #expect(reply.status == .badRequest, "since=\(since)")
                #expect(reply.errorCode == "invalid_change_token", "since=\(since)")
            }
            for limit in [0, 1001, -5] {
                let reply = try await server.page(limit: limit, token: player.token)
                #expect(reply.status == .badRequest)
                #expect(reply.invalidFields == ["limit"])
            }
            let notANumber = try await server.send("/sync/events?limit=many", method: .get, token: player.token)
            #expect(notANumber.status == .badRequest)
            #expect(try await server.page(since: changeToken(3), limit: 1000, token: player.token).status == .ok)
            #expect(try await server.page(since: changeToken(0), limit: 1, token: player.token).json["has_more"] as? Bool == true)
        }
    }

    /// Several devices of one account upload at once while another pages through the log: the
    /// reader, resuming from each page's token, sees every event exactly once.
    @Test(arguments: TestDatabaseKind.available)
    func concurrentWritersNeverMakeAReaderSkipAnEvent(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let user = try await server.player("busy")
            var tokens: [String] = []
            for _ in 0..<6 {
                let login = try await server.call("/auth/login", ["login": "busy", "password": "correct horse battery"])
                tokens.append(try #require(login["access_token"]))
            }
            let make = SyncEventFactory(now: server.clock.now())
            let devices = (0..<6).map { "device-\($0)" }
            let batches = 8
            let perBatch = 15
            let total = devices.count * batches * perBatch
            enum Outcome: Sendable {
                case wrote([StatsEvent])
                case read([StatsEvent], next: String?)
            }
            let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
                for (index, device) in devices.enumerated() {
                    let token = tokens[index]
                    group.addTask {
                        var sent: [StatsEvent] = []
                        for batch in 0..<batches {
                            let events = make.games(device, (batch * perBatch + 1)...((batch + 1) * perBatch))
                            let reply = try await server.push(events, token: token)
                            guard reply.status == .ok else { throw SyncTestError("push: \(reply.status) \(reply.errorMessage)") }
                            sent += events
                        }
                        return .wrote(sent)
                    }
                }
                // The reader pages while the writers write, resuming from each token, until it has
                // seen as many events as will be written (or gives up).
                group.addTask {
                    var seen: [StatsEvent] = []
                    var since: String?
                    var rounds = 0
                    while seen.count < total, rounds < 20_000 {
                        let page = try await server.pageThrough(since: since, limit: 7, token: user.token)
                        seen += page.events
                        since = page.next
                        rounds += 1
                    }
                    return .read(seen, next: since)
                }
                var outcomes: [Outcome] = []
                for try await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            var all: [StatsEvent] = []
            var whileWriting: [StatsEvent] = []
            var resumeFrom: String?
            for outcome in outcomes {
                switch outcome {
                case .wrote(let events): all += events
                case .read(let events, let next): (whileWriting, resumeFrom) = (events, next)
                }
            }
            #expect(all.count == total)
            #expect(whileWriting.count == total, "the concurrent reader saw every event")
            // Resuming from where the concurrent reader stopped finds nothing it missed.
            let tail = try await server.pageThrough(since: resumeFrom, limit: 50, token: user.token)
            #expect(tail.events.isEmpty)
            let read = whileWriting + tail.events
            #expect(Set(read.map(\.id)) == Set(all.map(\.id)))
            #expect(tail.next == changeToken(Int64(all.count)))
            #expect(tail.pages.last?.version == EventLog(all).version)
            // Each device's events were stored in its own order.
            for device in devices {
                let mine = read.filter { $0.device.rawValue == device }.map(\.sequence)
                #expect(mine == Array(1...(batches * perBatch)))
            }
        }
    }
}
