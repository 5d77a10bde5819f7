import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The admin's reads of TopDog: tournaments with their rooms and money, a user's ledger, payments
/// by status. Admins only.
@Suite("TopDog operations: admin reads", .timeLimit(.minutes(2)))
struct TopDogAdminReadsTests {
    @Test("tournaments with rooms and money (fees, refunds, prizes, the house's share), paged", arguments: TestDatabaseKind.available)
    func tournaments(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let guests = [try await server.guest(), try await server.guest()]
            for guest in guests { #expect(try await server.deposit(2_000, for: guest).status == 201) }
            // Completed: fees 2 × 700 in, prizes 1,000 + 200 out, the house keeps 200.
            let done = try await server.tournament(fee: 700, extra: #","teams":2,"rounds":7,"countdown_seconds":0,"prizes":[1000,200]"#)
            let room = try await server.fillRoom(done, with: guests)
            try await DraftDriver(server: server, room: room, guests: guests).pick(14)
            #expect(try await server.call(.post, "/admin/topdog/tournaments/\(done)/complete", as: admin).status == 200)
            // Cancelled: one fee of 300 in and refunded.
            let called = try await server.tournament(fee: 300, extra: #","teams":2,"rounds":7"#)
            #expect(try await server.join(called, as: guests[0]).status == 201)
            #expect(try await server.call(.post, "/admin/topdog/tournaments/\(called)/cancel", as: admin, body: Ops.reason()).status == 200)

            for caller in [guests[0], try await server.staff(.moderator)] {
                #expect(try await server.call(.get, "/admin/topdog/tournaments", as: caller).status == 403)
            }
            let first = try await server.call(.get, "/admin/topdog/tournaments?limit=1", as: admin)
            #expect(first.status == 200, "\(first)")
            let newest = try #require((first.json["tournaments"] as? [[String: Any]])?.first)
            #expect((newest["tournament"] as? [String: Any])?["id"] as? String == called)
            let cancelledMoney = try #require(newest["money"] as? [String: Any])
            #expect(cancelledMoney["fees_taken_cents"] as? Int == 300 && cancelledMoney["refunded_cents"] as? Int == 300)
            #expect(cancelledMoney["escrow_cents"] as? Int == 0 && cancelledMoney["prizes_paid_cents"] as? Int == 0)
            #expect((newest["rooms"] as? [String: Any])?["cancelled"] as? Int == 1)
            let cursor = try #require(first.json["next"] as? String)
            let second = try await server.call(.get, "/admin/topdog/tournaments?limit=1&cursor=\(cursor)", as: admin)
            let older = try #require((second.json["tournaments"] as? [[String: Any]])?.first)
            #expect((older["tournament"] as? [String: Any])?["id"] as? String == done && second.json["next"] == nil)
            let money = try #require(older["money"] as? [String: Any])
            #expect(money["fees_taken_cents"] as? Int == 1_400 && money["prizes_paid_cents"] as? Int == 1_200)
            #expect(money["house_share_cents"] as? Int == 200 && money["escrow_cents"] as? Int == 0 && money["refunded_cents"] as? Int == 0)
            #expect((older["rooms"] as? [String: Any])?["complete"] as? Int == 1)
            #expect(try await server.call(.get, "/admin/topdog/tournaments?cursor=nonsense", as: admin).status == 400)
        }
    }

    @Test("a user's ledger and payments by status", arguments: TestDatabaseKind.available)
    func ledgerAndPayments(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let guest = try await server.guest()
            #expect(try await server.deposit(2_000, for: guest).status == 201)
            // The sandbox leaves amounts ending in .01 pending.
            let pending = try await server.deposit(1_001, for: guest)
            #expect(pending.status == 201 && pending.json["status"] as? String == "pending")
            let tournament = try await server.tournament(fee: 500)
            #expect(try await server.join(tournament, as: guest).status == 201)

            for caller in [guest, try await server.staff(.moderator)] {
                #expect(try await server.call(.get, "/admin/topdog/users/\(guest.user)/ledger", as: caller).status == 403)
                #expect(try await server.call(.get, "/admin/topdog/payments", as: caller).status == 403)
            }
            let ledger = try await server.call(.get, "/admin/topdog/users/\(guest.user)/ledger?limit=2", as: admin)
            #expect(ledger.status == 200 && ledger.json["balance_cents"] as? Int == 1_500, "\(ledger)")
            #expect((ledger.json["transactions"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["entry_fee", "deposit"])
            let next = try #require(ledger.json["next"] as? String)
            let rest = try await server.call(.get, "/admin/topdog/users/\(guest.user)/ledger?limit=2&cursor=\(next)", as: admin)
            #expect((rest.json["transactions"] as? [[String: Any]])?.count == 1 && rest.json["next"] == nil)

            let open = try await server.call(.get, "/admin/topdog/payments", as: admin)
            let payments = open.json["payments"] as? [[String: Any]] ?? []
            #expect(payments.count == 1 && payments.first?["user_id"] as? String == guest.user)
            #expect((payments.first?["transaction"] as? [String: Any])?["id"] as? String == pending.json["id"] as? String)
            let settled = try await server.call(.get, "/admin/topdog/payments?status=settled", as: admin)
            #expect((settled.json["payments"] as? [[String: Any]])?.count == 1, "the settled deposit; the entry fee is no payment")
            #expect(try await server.call(.get, "/admin/topdog/payments?status=lost", as: admin).status == 400)
        }
    }
}
