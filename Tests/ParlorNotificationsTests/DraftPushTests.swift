import Foundation
import HTTPTypes
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// TopDog's pushes: its draft alerts with the seed's payloads, and the Live Activity that
/// follows a room's clock.
@Suite("Draft pushes", .timeLimit(.minutes(3)))
struct DraftPushTests {
    @Test("a filled room alerts its drafters, and each pick updates the room's Live Activity", arguments: TestDatabaseKind.available)
    func draftActivity(kind: TestDatabaseKind) async throws {
        try await withPushServer(kind: kind, configure: { $0.draftTimerInterval = .milliseconds(20); $0.draftTimerLongestWait = .seconds(60) }) { server, fake in
            let tournament = try await server.tournament(extra: #","speed":"custom","pick_seconds":30,"countdown_seconds":0"#)
            let guests = try await (0..<12).asyncMap { _ in try await server.guest() }
            let room = try await server.fillRoom(tournament, with: Array(guests.prefix(11)))
            let alert = try await server.registerDevice(guests[0], bundle: "com.topdog.app")
            let activity = try await server.registerDevice(guests[0], bundle: "com.topdog.app", activity: room)
            let quortex = try await server.registerDevice(guests[0], bundle: "com.quortex.app")
            _ = try await server.fillRoom(tournament, with: [guests[11]])
            let filled = try await fake.wait("room filled") { $0.contains { $0.token == alert && $0.json["data"] != nil } }
            let roomFilled = try #require(filled.first { ($0.json["data"] as? [String: Any])?["type"] as? String == "room_filled" })
            #expect((roomFilled.json["data"] as? [String: Any])?["roomId"] as? String == room)
            #expect(roomFilled.headers["apns-topic"] == "com.topdog.app")
            let roomAlert = try #require((roomFilled.json["aps"] as? [String: Any])?["alert"] as? [String: Any])
            #expect(roomAlert["title-loc-key"] as? String == "DRAFT_ROOM_FILLED_TITLE")
            #expect(roomAlert["loc-key"] as? String == "DRAFT_ROOM_FILLED_BODY")
            #expect((roomAlert["loc-args"] as? [String])?.count == 2)
            let first = try await fake.wait("the first pick's clock") { $0.contains { $0.token == activity } }
            let update = try #require(first.first { $0.token == activity })
            #expect(update.headers["apns-topic"] == "com.topdog.app.push-type.liveactivity")
            #expect(update.headers["apns-push-type"] == "liveactivity")
            let aps = try #require(update.json["aps"] as? [String: Any])
            #expect(aps["event"] as? String == "update")
            #expect(aps["timestamp"] is Int && aps["stale-date"] is Int)
            let state = try #require(aps["content-state"] as? [String: Any])
            #expect(state["pickNumber"] as? Int == 1 && state["round"] as? Int == 1 && state["pickInRound"] as? Int == 1)
            #expect((1...30).contains(state["timeRemaining"] as? Int ?? 0))
            #expect(state["currentPlayerName"] is String)
            let driver = DraftDriver(server: server, room: room, guests: guests)
            let mySlot = try await driver.read(as: guests[0])["my_slot"] as? Int
            #expect(state["isMyTurn"] as? Bool == (mySlot == 0))
            try await driver.pick(1)
            let second = try await fake.wait("the second pick's clock") { pushes in
                pushes.contains { (($0.json["aps"] as? [String: Any])?["content-state"] as? [String: Any])?["pickNumber"] as? Int == 2 }
            }
            let next = try #require(second.last { $0.token == activity })
            let nextState = try #require((next.json["aps"] as? [String: Any])?["content-state"] as? [String: Any])
            #expect(nextState["isMyTurn"] as? Bool == (mySlot == 1))
            #expect(fake.requests(to: quortex).isEmpty, "TopDog's alerts never reach the Quortex app")
            // Nobody else registered a Live Activity token, so nothing else went to one.
            #expect(fake.received.allSatisfy { $0.headers["apns-push-type"] != "liveactivity" || $0.token == activity })
        }
    }
}
