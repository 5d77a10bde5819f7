import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
@testable import ParlorTopDog
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// An operator cancels a tournament: the whole life of the money (deposited, entered, cancelled,
/// refunded, balances back, books at zero), its rooms closed and told, once however it is retried.
@Suite("TopDog operations: cancelling a tournament", .timeLimit(.minutes(3)))
struct TournamentCancelTests {
    typealias Guest = OnlinePlayServer.Guest

    @Test("cancel refunds every entry once through the ledger, closes the rooms and balances the books; twice is 409", arguments: TestDatabaseKind.available)
    func cancelRefundsEverything(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let tournament = try await server.tournament(fee: 500, extra: #","teams":3,"rounds":7,"countdown_seconds":60"#)
            let (a, b, c) = (try await server.guest(), try await server.guest(), try await server.guest())
            for guest in [a, b, c] { #expect(try await server.deposit(2_000, for: guest).status == 201) }
            // A buys two entries (two rooms); B and C fill A's first room, which starts counting down.
            let two = try await server.join(tournament, as: a, count: 2)
            let rooms = try #require((two.json["entries"] as? [[String: Any]])?.compactMap { $0["room_id"] as? String })
            let joinedB = try await server.join(tournament, as: b)
            let full = try #require((joinedB.json["entries"] as? [[String: Any]])?.first?["room_id"] as? String)
            #expect(try await server.join(tournament, as: c).status == 201)
            #expect(try await Ops.room(server, full, as: b)["status"] as? String == "countdown")
            #expect(try await server.balance(of: a) == 1_000)
            #expect(try await server.balance(of: b) == 1_500)
            #expect(try await server.books().total == 0)

            for caller in [a, try await server.staff(.moderator)] {
                let refused = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: caller, body: Ops.reason())
                #expect(refused.status == 403)
            }
            let admin = try await server.admin()
            let noReason = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: admin, body: #"{}"#)
            #expect(noReason.status == 400)
            #expect(try await server.balance(of: a) == 1_000, "a refusal refunds nothing")

            let cancelled = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: admin, body: Ops.reason("venue lost"))
            #expect(cancelled.status == 200 && cancelled.json["status"] as? String == "cancelled" && cancelled.json["cancelled_at"] != nil, "\(cancelled)")
            for guest in [a, b, c] { #expect(try await server.balance(of: guest) == 2_000) }
            let books = try await server.books()
            #expect(books.total == 0 && books.consistent && books.negativeUsers == 0)
            let escrow = try await server.database.withConnection { sql in try await LedgerStore.balance(of: LedgerAccount.escrow(tournament), on: sql) }
            #expect(escrow == 0)
            let history = try await server.call(.get, "/topdog/wallet/transactions", as: a).json["transactions"] as? [[String: Any]] ?? []
            let refunds = history.filter { $0["kind"] as? String == "refund" }
            #expect(refunds.count == 2 && refunds.allSatisfy { $0["amount_cents"] as? Int == 500 && $0["status"] as? String == "settled" })
            for room in rooms { #expect(try await Ops.room(server, room, as: a)["status"] as? String == "cancelled") }
            let closedEvents = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM topdog_room_events WHERE kind = 'draft_cancelled'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(closedEvents == 2, "each room's participants are told")
            let records = try await Ops.audit(server, action: "topdog.tournament.cancel", kind: "tournament", target: tournament)
            #expect(records.count == 1 && records.first?["reason"] as? String == "venue lost")
            #expect((records.first?["details"] as? [String: String])?["refunded_cents"] == "2000")

            // Again: 409, and no second refund; joining a cancelled tournament is refused.
            let twice = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: admin, body: Ops.reason())
            #expect(twice.status == 409 && Ops.code(twice) == "tournament_cancelled")
            let late = try await server.join(tournament, as: b)
            #expect(late.status == 409 && Ops.code(late) == "tournament_cancelled")
            #expect(try await server.balance(of: a) == 2_000)
            #expect(try await server.balance(of: b) == 2_000)
            // A refund retried below the route (the same entries again) writes nothing: one per entry.
            let entries = try await server.database.withConnection { sql in try await RoomStore.entries(inTournament: tournament, on: sql) }
            let (found, _) = try await server.database.withConnection { sql in
                (try #require(try await TournamentStore.find(tournament, on: sql)), 0)
            }
            let again = try await server.database.transaction { sql in try await Refunds.refund(entries, of: found, why: "retry", at: 0, on: sql) }
            #expect(again == 0)
            #expect(try await server.balance(of: a) == 2_000)
            #expect(try await server.books().total == 0)
        }
    }

    @Test("two cancels racing: one wins, the other is 409, every entry refunded exactly once", arguments: TestDatabaseKind.available)
    func racingCancels(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let tournament = try await server.tournament(fee: 300, extra: #","teams":4,"rounds":7"#)
            let guests = [try await server.guest(), try await server.guest(), try await server.guest()]
            for guest in guests {
                #expect(try await server.deposit(1_000, for: guest).status == 201)
                #expect(try await server.join(tournament, as: guest).status == 201)
            }
            let admins = [try await server.admin(), try await server.admin()]
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for admin in admins {
                    group.addTask { try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: admin, body: Ops.reason()).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200, 409])
            for guest in guests { #expect(try await server.balance(of: guest) == 1_000) }
            let refunds = try await server.database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'refund'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(refunds == 3)
            #expect(try await server.books().total == 0)
        }
    }

    @Test("a completed tournament cannot be cancelled; an unknown one is 404", arguments: TestDatabaseKind.available)
    func completedIsFinal(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0"#)
            let guests = [try await server.guest(), try await server.guest()]
            let room = try await server.fillRoom(tournament, with: guests)
            try await DraftDriver(server: server, room: room, guests: guests).pick(14)
            #expect(try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/complete", as: admin).status == 200)
            let closed = try await server.call(.post, "/admin/topdog/tournaments/\(tournament)/cancel", as: admin, body: Ops.reason())
            #expect(closed.status == 409 && Ops.code(closed) == "tournament_closed")
            let unknown = try await server.call(.post, "/admin/topdog/tournaments/\(UUID().uuidString.lowercased())/cancel", as: admin, body: Ops.reason())
            #expect(unknown.status == 404)
            #expect(try await Ops.audit(server, action: "topdog.tournament.cancel", kind: "tournament", target: tournament).isEmpty)
        }
    }
}
