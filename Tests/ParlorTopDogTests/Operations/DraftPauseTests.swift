import BestBall
import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// An operator pauses and resumes a draft room over the real server: the clock stops (no
/// autopick), picks are refused, the room is told over its socket, and the clock restarts with
/// the time that was left — also on another node or after a restart.
@Suite("TopDog operations: pausing a draft room", .timeLimit(.minutes(3)))
struct DraftPauseTests {
    typealias Guest = OnlinePlayServer.Guest

    @Test("a paused room takes no pick and autopicks nothing; its socket hears draft_paused and draft_resumed; the clock resumes with what was left",
        arguments: TestDatabaseKind.available)
    func pauseAndResume(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"speed":"custom","pick_seconds":4,"countdown_seconds":0"#)
            let guests = [try await server.guest(), try await server.guest()]
            // Staff signed in first: the pause must come while the first pick's clock still runs.
            let (admin, moderator) = (try await server.admin(), try await server.staff(.moderator))
            guard let port = server.client.port else { throw TestSetupError("no port") }
            let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: guests[0].token)
            defer { socket.close() }
            _ = try await socket.next("welcome")
            let room = try await server.fillRoom(tournament, with: guests)
            socket.send(#"{"type":"draft_subscribe","room":"\#(room)","since":0}"#)
            _ = try await socket.next("draft_state")
            let driver = DraftDriver(server: server, room: room, guests: guests)
            let onTheClock = try #require(try await driver.onTheClock())

            let paused = try await server.call(.post, "/admin/topdog/drafts/\(room)/pause", as: admin, body: Ops.reason("league dispute"))
            #expect(paused.status == 200 && paused.json["status"] as? String == "paused", "\(paused)")
            let picked = try await Ops.picks(in: room, on: server)
            let read = try await Ops.room(server, room, as: guests[0])
            #expect(read["status"] as? String == "paused" && read["paused_at"] != nil)
            let clock = try #require(read["clock"] as? [String: Any])
            let left = try #require(clock["remaining_millis"] as? Int)
            #expect(left <= 4_000)

            // Only an admin may pause or resume: a player and a moderator are refused, and nothing is written.
            for caller in [guests[0], moderator] {
                for action in ["pause", "resume"] {
                    let refused = try await server.call(.post, "/admin/topdog/drafts/\(room)/\(action)", as: caller, body: Ops.reason())
                    #expect(refused.status == 403, "\(refused)")
                }
            }
            let blank = try await server.call(.post, "/admin/topdog/drafts/\(room)/resume", as: admin, body: #"{"reason":"   "}"#)
            #expect(blank.status == 400)

            // Longer than the whole pick clock and its grace: nothing is autopicked while paused.
            try await Task.sleep(for: .milliseconds(4_600))
            #expect(try await Ops.picks(in: room, on: server) == picked)
            let still = try await Ops.room(server, room, as: guests[0])
            #expect((still["clock"] as? [String: Any])?["remaining_millis"] as? Int == left, "the clock stands still")
            let pick = try await server.call(
                .post, "/topdog/drafts/\(room)/picks", as: onTheClock.guest, body: #"{"player_id":"\#(driver.pool.players[0].id)"}"#)
            #expect(pick.status == 409 && Ops.code(pick) == "room_paused", "\(pick)")
            let twice = try await server.call(.post, "/admin/topdog/drafts/\(room)/pause", as: admin, body: Ops.reason())
            #expect(twice.status == 409 && Ops.code(twice) == "room_paused")
            #expect(try await Ops.audit(server, action: "topdog.room.pause", kind: "draft_room", target: room).count == 1)

            let resumed = try await server.call(.post, "/admin/topdog/drafts/\(room)/resume", as: admin, body: Ops.reason("settled"))
            #expect(resumed.status == 200 && resumed.json["status"] as? String == "active", "\(resumed)")
            let running = try #require(try await Ops.room(server, room, as: guests[0])["clock"] as? [String: Any])
            Self.expectResumed(running, left: left, pick: clock["pick"] as? Int ?? -1)
            let again = try await server.call(.post, "/admin/topdog/drafts/\(room)/resume", as: admin, body: Ops.reason())
            #expect(again.status == 409 && Ops.code(again) == "room_not_paused")
            #expect(try await Ops.audit(server, action: "topdog.room.resume", kind: "draft_room", target: room).count == 1)

            // The room runs again: the silent team is autopicked once its clock (what was left) runs out.
            try await Ops.wait("an autopick after the resume", timeout: .seconds(10)) { try await Ops.picks(in: room, on: server) > picked }
            try await Ops.wait("the socket hears the pause and the resume") {
                let texts = socket.texts.joined()
                return texts.contains(#""kind":"draft_paused""#) && texts.contains(#""kind":"draft_resumed""#)
            }
        }
    }

    @Test("bad paths: a filling room, a finished room, an unknown room, a room never paused", arguments: TestDatabaseKind.available)
    func refusals(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0"#)
            let guests = [try await server.guest(), try await server.guest()]
            let joined = try await server.join(tournament, as: guests[0])
            let filling = try #require((joined.json["entries"] as? [[String: Any]])?.first?["room_id"] as? String)
            let early = try await server.call(.post, "/admin/topdog/drafts/\(filling)/pause", as: admin, body: Ops.reason())
            #expect(early.status == 409 && Ops.code(early) == "room_not_drafting")
            let notPaused = try await server.call(.post, "/admin/topdog/drafts/\(filling)/resume", as: admin, body: Ops.reason())
            #expect(notPaused.status == 409 && Ops.code(notPaused) == "room_not_paused")
            let unknown = try await server.call(.post, "/admin/topdog/drafts/\(UUID().uuidString.lowercased())/pause", as: admin, body: Ops.reason())
            #expect(unknown.status == 404)
            let malformed = try await server.call(.post, "/admin/topdog/drafts/\(filling)/pause", as: admin, body: #"{}"#)
            #expect(malformed.status == 400)

            _ = try await server.join(tournament, as: guests[1])
            try await DraftDriver(server: server, room: filling, guests: guests).pick(14)
            #expect(try await Ops.room(server, filling, as: guests[0])["status"] as? String == "complete")
            let done = try await server.call(.post, "/admin/topdog/drafts/\(filling)/pause", as: admin, body: Ops.reason())
            #expect(done.status == 409 && Ops.code(done) == "room_complete")
            #expect(try await Ops.audit(server, action: "topdog.room.pause", kind: "draft_room", target: filling).isEmpty, "a refusal writes no record")
        }
    }

    @Test("a countdown pauses and resumes with its time left: the first pick starts later by the pause", arguments: TestDatabaseKind.available)
    func countdown(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":30"#)
            let guests = [try await server.guest(), try await server.guest()]
            let room = try await server.fillRoom(tournament, with: guests)
            let before = try #require(try await Ops.room(server, room, as: guests[0])["starts_at"] as? String)
            #expect(try await server.call(.post, "/admin/topdog/drafts/\(room)/pause", as: admin, body: Ops.reason()).status == 200)
            #expect(try await Ops.room(server, room, as: guests[0])["status"] as? String == "paused")
            try await Task.sleep(for: .milliseconds(2_500))
            let resumed = try await server.call(.post, "/admin/topdog/drafts/\(room)/resume", as: admin, body: Ops.reason())
            #expect(resumed.status == 200 && resumed.json["status"] as? String == "countdown", "\(resumed)")
            let after = try #require(try await Ops.room(server, room, as: guests[0])["starts_at"] as? String)
            let shift = try Date(after, strategy: .iso8601).timeIntervalSince(try Date(before, strategy: .iso8601))
            #expect(shift >= 2 && shift <= 5, "the countdown kept what was left: moved on by \(shift) s")
        }
    }

    @Test("a pause survives the node: another node (PostgreSQL) or a restart (SQLite) shows it paused, autopicks nothing, and resumes it with the time left",
        arguments: TestDatabaseKind.available)
    func pauseSurvivesTheNode(kind: TestDatabaseKind) async throws {
        try await kind.withFreshLocation(migratedTo: ParlorMigrations.all) { location in
            let (room, guests, left) = try await withOnlinePlayNode(at: location) { nodeA in
                let tournament = try await nodeA.tournament(extra: #","teams":2,"rounds":7,"speed":"custom","pick_seconds":3,"countdown_seconds":0"#)
                let guests = [try await nodeA.guest(), try await nodeA.guest()]
                let admin = try await nodeA.admin()
                let room = try await nodeA.fillRoom(tournament, with: guests)
                _ = try #require(try await DraftDriver(server: nodeA, room: room, guests: guests).onTheClock())
                let paused = try await nodeA.call(.post, "/admin/topdog/drafts/\(room)/pause", as: admin, body: Ops.reason())
                #expect(paused.status == 200)
                let clock = try #require(try await Ops.room(nodeA, room, as: guests[0])["clock"] as? [String: Any])
                return (room, guests, [try #require(clock["remaining_millis"] as? Int), try #require(clock["pick"] as? Int)])
            }
            let picked = try await Database.withOpened(location, logger: .quiet) { database in
                try await database.withConnection { sql in
                    try await sql.raw("SELECT COUNT(*) AS n FROM topdog_picks WHERE room_id = \(bind: room)").first()?.decode(column: "n", as: Int.self) ?? -1
                }
            }
            try await Task.sleep(for: .milliseconds(3_500))
            try await withOnlinePlayNode(at: location) { nodeB in
                let read = try await Ops.room(nodeB, room, as: guests[0])
                #expect(read["status"] as? String == "paused")
                #expect((read["clock"] as? [String: Any])?["remaining_millis"] as? Int == left[0])
                try await Task.sleep(for: .milliseconds(500))
                #expect(try await Ops.picks(in: room, on: nodeB) == picked, "node B's timer autopicks nothing in a paused room")
                let resumed = try await nodeB.call(.post, "/admin/topdog/drafts/\(room)/resume", as: try await nodeB.admin(), body: Ops.reason())
                #expect(resumed.status == 200)
                Self.expectResumed(try #require(try await Ops.room(nodeB, room, as: guests[0])["clock"] as? [String: Any]), left: left[0], pick: left[1])
                try await Ops.wait("node B autopicks once the time left runs out", timeout: .seconds(10)) {
                    try await Ops.picks(in: room, on: nodeB) > picked
                }
            }
        }
    }

    /// The clock read just after a resume runs on from what was left at the pause: a little less
    /// (the read came a moment later), never a fresh clock nor an expired one. A pause that left
    /// only a moment may already have been autopicked by the read; then the next pick is on.
    static func expectResumed(_ running: [String: Any], left: Int, pick: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let after = running["remaining_millis"] as? Int ?? -1
        if running["pick"] as? Int == pick {
            #expect(after <= left && after >= left - 1_500, "left \(left) ms at the pause, \(after) ms after the resume", sourceLocation: sourceLocation)
        } else {
            #expect(left < 1_500, "a later pick is on although \(left) ms were left", sourceLocation: sourceLocation)
        }
    }
}
