import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import Testing
import TestSupport

/// `POST /sync/events`: validation, atomic batches, idempotency and conflicts.
@Suite struct SyncPushTests {
    @Test(arguments: TestDatabaseKind.available)
    func repostingHasNoSecondEffect(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let first = make.games("phone", 1...5)
            let stored = try await server.push(first, token: player.token)
            #expect(stored.status == .ok)
            #expect(stored.number("accepted") == 5)
            #expect(stored.number("duplicates") == 0)
            #expect(stored["change_token"] == changeToken(5))
            #expect(stored.json["version"] as? [String: Int] == ["phone": 5])

            let again = try await server.push(first, token: player.token)
            #expect(again.status == .ok)
            #expect(again.number("accepted") == 0)
            #expect(again.number("duplicates") == 5)
            #expect(again["change_token"] == stored["change_token"], "nothing new: the token stays")
            #expect(try await server.storedEventCount() == 5)

            // Old and new together, with one new event twice in the batch: only the new one is stored, once.
            let next = make.game("phone", 6)
            let mixed = try await server.push(first + [next, next], token: player.token)
            #expect(mixed.number("accepted") == 1)
            #expect(mixed.number("duplicates") == 6)
            #expect(mixed["change_token"] == changeToken(6))
            #expect(try await server.storedEventCount() == 6)

            // An id written with lowercase letters is the same id.
            var lowercase = try wireObject(first[0])
            lowercase["id"] = first[0].id.uuidString.lowercased()
            let relabelled = try await server.send("/sync/events", data: try batchBody([lowercase]), token: player.token)
            #expect(relabelled.number("duplicates") == 1)

            let all = try await server.pageThrough(limit: 100, token: player.token)
            #expect(all.events == first + [next])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func anIDStoredWithOtherContentRefusesTheBatch(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let original = make.game("phone", 1, mistakes: 1)
            #expect(try await server.push([original], token: player.token).status == .ok)

            let fresh = make.game("tablet", 1)
            let rewritten = make.game("phone", 1, mistakes: 3, id: original.id)
            let refused = try await server.push([fresh, rewritten], token: player.token)
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "event_conflict")
            #expect(refused.errorMessage.contains(original.id.uuidString))
            #expect(refused.invalidFields == ["events[1].id"])
            #expect(try await server.storedEventCount() == 1, "the valid event of the batch was not stored either")
            let log = try await server.pageThrough(limit: 10, token: player.token)
            #expect(log.events == [original])
            #expect(log.next == changeToken(1))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aDeviceSequenceNumberHeldByAnotherIDRefusesTheBatch(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let held = make.games("phone", 1...3)
            #expect(try await server.push(held, token: player.token).status == .ok)

            let reused = make.setting("phone", 2, "theme", "dark")
            let refused = try await server.push([make.game("phone", 4), reused], token: player.token)
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "event_conflict")
            #expect(refused.errorMessage.contains(reused.id.uuidString))
            #expect(refused.errorMessage.contains(held[1].id.uuidString))
            #expect(refused.invalidFields == ["events[1].seq"])
            #expect(try await server.storedEventCount() == 3)
            let summary = try await server.summary(token: player.token)
            #expect(summary.json["version"] as? [String: Int] == ["phone": 3])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func invalidEventsAreNamedFieldByFieldAndNothingIsStored(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            var objects: [[String: Any]] = [try wireObject(make.game("phone", 1))]
            func broken(_ event: StatsEvent, _ change: (inout [String: Any]) -> Void) throws {
                var object = try wireObject(event)
                change(&object)
                objects.append(object)
            }
            try broken(make.game("phone", 2)) { object in
                var game = object["game"] as! [String: Any]
                game["puzzle_date"] = "2025-02-30"
                object["game"] = game
            }
            try broken(make.game("phone", 3, mistakes: -1)) { _ in }
            try broken(make.game("phone", 4)) { $0["at"] = make.now + 3 * 86_400_000 }
            try broken(make.setting("phone", 5, "theme", String(repeating: "x", count: 1025))) { _ in }
            try broken(make.game("phone", 6)) { $0["device"] = "a phone!" }
            try broken(make.game("phone", 7)) { $0["type"] = "game_abandoned" }
            try broken(make.game("phone", 8)) { $0["game"] = nil }
            try broken(make.game("phone", 9)) { $0["id"] = "not-a-uuid" }
            try broken(make.game("phone", 10)) { $0["seq"] = 0 }
            try broken(make.game("phone", 11)) { object in
                var game = object["game"] as! [String: Any]
                game["seconds"] = 100_000
                game["hints"] = 101
                object["game"] = game
            }
            try broken(make.reset("phone", 12, seen: [:])) { $0["reset"] = ["seen": ["bad device": 3]] }
            try broken(make.setting("phone", 13, "", "x")) { _ in }

            let reply = try await server.send("/sync/events", data: try batchBody(objects), token: player.token)
            #expect(reply.status == .badRequest)
            #expect(reply.errorCode == "invalid_fields")
            #expect(
                reply.invalidFields == [
                    "events[1].game.puzzle_date", "events[2].game.mistakes", "events[3].at", "events[4].setting.value",
                    "events[5].device", "events[6].type", "events[7].game", "events[8].id", "events[9].seq",
                    "events[10].game.seconds", "events[10].game.hints", "events[11].reset.seen", "events[12].setting.key",
                ])
            #expect(try await server.storedEventCount() == 0, "one bad event refuses the whole batch")
            #expect(try await server.count("sync_heads") == 0)
        }
    }

    @Test func eventsOfOneBatchMayNotContradictEachOther() async throws {
        try await withAccountsServer { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let game = make.game("phone", 1)
            let sameID = make.game("phone", 2, mistakes: 4, id: game.id)
            let sameDot = make.setting("phone", 1, "theme", "dark")
            let reply = try await server.push([game, sameID, sameDot], token: player.token)
            #expect(reply.status == .badRequest)
            #expect(reply.invalidFields == ["events[1].id", "events[2].seq"])
            #expect(try await server.storedEventCount() == 0)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aBatchHoldsOneTo400Events(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await server.player()
            let make = SyncEventFactory(now: server.clock.now())
            let tooMany = try await server.push(make.games("phone", 1...401), token: player.token)
            #expect(tooMany.status == .contentTooLarge)
            #expect(tooMany.errorCode == "batch_too_large")
            #expect(try await server.storedEventCount() == 0)

            let empty = try await server.push([], token: player.token)
            #expect(empty.status == .badRequest)
            #expect(empty.invalidFields == ["events"])

            // 400 events with settings of a realistic size fit the default body limit.
            let full = (1...400).map { make.setting("phone", $0, "key-\($0 % 7)", String(repeating: "v", count: 40)) }
            let body = try batchBody(full)
            #expect(body.count > 100_000)
            let stored = try await server.push(full, token: player.token)
            #expect(stored.status == .ok)
            #expect(stored.number("accepted") == 400)
            #expect(try await server.storedEventCount() == 400)
        }
    }

    @Test func everyRouteNeedsASignedInUser() async throws {
        try await withAccountsServer { server in
            let make = SyncEventFactory(now: server.clock.now())
            for token in [nil, "not-a-jwt"] as [String?] {
                let push = try await server.push([make.game("phone", 1)], token: token)
                #expect(push.status == .unauthorized)
                #expect(try await server.page(token: token).status == .unauthorized)
                #expect(try await server.summary(token: token).status == .unauthorized)
            }
            #expect(try await server.storedEventCount() == 0)
        }
    }
}
