import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
@testable import ParlorTopDog
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// Rooms that have not filled by the tournament's start time meet its policy, applied by the
/// draft timer on whichever node gets there, once: house teams fill them and the draft runs to
/// completion, or they are closed and their entrants refunded.
@Suite("TopDog operations: rooms unfilled at the start time", .timeLimit(.minutes(3)))
struct UnfilledRoomTests {
    @Test("fill_with_house (the default): house teams on autopick take the seats, the room drafts, the tournament completes, house prizes stay with the house",
        arguments: TestDatabaseKind.available)
    func fillWithHouse(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let tournament = try await server.tournament(
                fee: 200, extra: #","teams":3,"rounds":7,"speed":"custom","pick_seconds":1,"countdown_seconds":0,"prizes":[300,100],"starts_at":"\#(Ops.time(in: 3_600))""#)
            let created = try await server.call(.get, "/topdog/tournaments/\(tournament)", as: try await server.guest())
            #expect(created.json["unfilled_policy"] as? String == "fill_with_house" && created.json["starts_at"] != nil)
            let guest = try await server.guest()
            #expect(try await server.deposit(1_000, for: guest).status == 201)
            let joined = try await server.join(tournament, as: guest)
            let room = try #require((joined.json["entries"] as? [[String: Any]])?.first?["room_id"] as? String)
            #expect(try await Ops.room(server, room, as: guest)["status"] as? String == "filling")
            try await Self.startNow(tournament, on: server)

            try await Ops.wait("the start time fills the room") { try await Ops.room(server, room, as: guest)["status"] as? String != "filling" }
            let read = try await Ops.room(server, room, as: guest)
            let participants = read["participants"] as? [[String: Any]] ?? []
            #expect(participants.count == 3)
            #expect(participants.filter { ($0["name"] as? String)?.hasPrefix("House ") == true }.count == 2)
            let late = try await server.join(tournament, as: try await server.guest())
            #expect(late.status == 409 && Ops.code(late) == "tournament_started")

            // The silent player's team goes on autopick when its first clock runs out; the house's are on it from the start.
            try await Ops.wait("the draft runs to the end on autopick", timeout: .seconds(40)) {
                try await Ops.room(server, room, as: guest)["status"] as? String == "complete"
            }
            let completed = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/complete", as: try await server.admin())
            #expect(completed.status == 200, "completion is not blocked by the room: \(completed)")
            let houseAccounts = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM ledger_accounts WHERE id LIKE 'user:house-%'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(houseAccounts == 0, "a house team is never paid")
            let houseAlerts = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM topdog_alerts WHERE user_id LIKE 'house-%'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(houseAlerts == 0, "no one is alerted for a house team")
            let standings = completed.json["standings"] as? [[String: Any]] ?? []
            let mine = try #require(standings.first { $0["user"] as? String == guest.user })
            #expect(try await server.balance(of: guest) == 800 + (mine["prize_cents"] as? Int ?? -1))
            let books = try await server.books()
            #expect(books.total == 0 && books.consistent && books.negativeUsers == 0)
        }
    }

    @Test("cancel_room: the unfilled room is closed and its entrants refunded; full rooms draft on", arguments: TestDatabaseKind.available)
    func cancelRoom(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let tournament = try await server.tournament(
                fee: 400, extra: #","teams":2,"rounds":7,"countdown_seconds":600,"unfilled_policy":"cancel_room","starts_at":"\#(Ops.time(in: 3_600))""#)
            let guests = [try await server.guest(), try await server.guest(), try await server.guest()]
            for guest in guests { #expect(try await server.deposit(1_000, for: guest).status == 201) }
            let full = try await server.fillRoom(tournament, with: Array(guests.prefix(2)))
            let joined = try await server.join(tournament, as: guests[2])
            let lonely = try #require((joined.json["entries"] as? [[String: Any]])?.first?["room_id"] as? String)
            #expect(try await server.balance(of: guests[2]) == 600)
            try await Self.startNow(tournament, on: server)

            try await Ops.wait("the start time closes the unfilled room") {
                try await Ops.room(server, lonely, as: guests[2])["status"] as? String == "cancelled"
            }
            #expect(try await server.balance(of: guests[2]) == 1_000)
            #expect(try await server.balance(of: guests[0]) == 600, "the full room's entries stand")
            #expect(try await Ops.room(server, full, as: guests[0])["status"] as? String == "countdown")
            let refunds = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'refund'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(refunds == 1)
            // The claim that makes it once: a second node's timer (or a later round) finds it taken.
            let claimedAgain = try await server.database.transaction { sql in try await TournamentStore.markStarted(tournament, at: 0, on: sql) }
            #expect(!claimedAgain)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await server.balance(of: guests[2]) == 1_000)
            let lobby = try await server.call(.get, "/topdog/tournaments/\(tournament)", as: guests[0])
            #expect(lobby.json["rooms"] as? Int == 1, "a closed room is not one the tournament waits for")
            let books = try await server.books()
            #expect(books.total == 0 && books.consistent)
        }
    }

    @Test("two nodes on one PostgreSQL: the start time is applied once (no doubled house teams or refunds)",
        .enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func appliedOnceOnTwoNodes() async throws {
        try await withSharedPostgres { location in
            try await withOnlinePlayNode(at: location) { nodeA in
                try await withOnlinePlayNode(at: location) { nodeB in
                    let tournament = try await nodeA.tournament(
                        extra: #","teams":4,"rounds":7,"countdown_seconds":600,"starts_at":"\#(Ops.time(in: 3_600))""#)
                    let guest = try await nodeB.guest()
                    let joined = try await nodeB.join(tournament, as: guest)
                    let room = try #require((joined.json["entries"] as? [[String: Any]])?.first?["room_id"] as? String)
                    try await Self.startNow(tournament, on: nodeA)
                    try await Ops.wait("a node applies the start time") { try await Ops.room(nodeB, room, as: guest)["status"] as? String == "countdown" }
                    try await Task.sleep(for: .milliseconds(500))
                    let entries = try await nodeA.database.withConnection { sql in try await RoomStore.entries(in: room, on: sql) }
                    #expect(entries.count == 4 && entries.filter { HouseTeams.owns($0) }.count == 3)
                }
            }
        }
    }

    /// The start time arrives: the tournament was created an hour ahead (as the route requires a
    /// future time) and the test moves it to now, rather than waiting for a clock it cannot set.
    static func startNow(_ tournament: String, on server: OnlinePlayServer) async throws {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        try await server.database.withConnection { sql in
            try await sql.raw("UPDATE topdog_tournaments SET starts_at = \(bind: now) WHERE id = \(bind: tournament)").run()
        }
    }
}
