import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// An operator edits a tournament before its first room drafts; the fee only while no entry is taken.
@Suite("TopDog operations: editing a tournament", .timeLimit(.minutes(2)))
struct TournamentEditTests {
    @Test("title, start time, prizes and policy change before any room drafts, with an audit record; refusals change nothing",
        arguments: TestDatabaseKind.available)
    func editBeforeDrafting(kind: TestDatabaseKind) async throws {
        try await withTopDogServer(kind: kind) { server in
            let admin = try await server.admin()
            let created = try await server.call(
                .post, "/admin/topdog/tournaments", as: admin, body: #"{"title":"Test Best Ball","entry_fee_cents":100,"teams":3,"rounds":7,"reason":"week 1"}"#)
            let tournament = try #require(created.json["id"] as? String)
            let made = try await Ops.audit(server, action: "topdog.tournament.create", kind: "tournament", target: tournament)
            #expect(made.count == 1 && made.first?["reason"] as? String == "week 1" && made.first?["actor"] as? String == admin.user)
            let path = "/admin/topdog/tournaments/\(tournament)"
            let fee = try await server.call(.patch, path, as: admin, body: #"{"entry_fee_cents":250,"reason":"price set"}"#)
            #expect(fee.status == 200 && fee.json["entry_fee_cents"] as? Int == 250, "no entry yet: the fee may change")

            let guest = try await server.guest()
            #expect(try await server.deposit(1_000, for: guest).status == 201)
            #expect(try await server.join(tournament, as: guest).status == 201)
            for caller in [guest, try await server.staff(.moderator)] {
                #expect(try await server.call(.patch, path, as: caller, body: #"{"title":"Mine","reason":"x"}"#).status == 403)
            }
            let starts = Ops.time(in: 3_600)
            let edited = try await server.call(
                .patch, path, as: admin,
                body: #"{"title":"Week 1 Special","starts_at":"\#(starts)","prizes":[900,300],"unfilled_policy":"cancel_room","reason":"sponsor"}"#)
            #expect(edited.status == 200, "\(edited)")
            #expect(edited.json["title"] as? String == "Week 1 Special" && edited.json["first_place_cents"] as? Int == 900)
            #expect(edited.json["starts_at"] as? String == starts && edited.json["unfilled_policy"] as? String == "cancel_room")
            let records = try await Ops.audit(server, action: "topdog.tournament.edit", kind: "tournament", target: tournament)
            #expect(records.count == 2 && records.first?["reason"] as? String == "sponsor")
            #expect((records.first?["details"] as? [String: String])?["title"] == "Test Best Ball → Week 1 Special")

            let locked = try await server.call(.patch, path, as: admin, body: #"{"entry_fee_cents":500,"reason":"raise"}"#)
            #expect(locked.status == 409 && Ops.code(locked) == "fee_locked")
            let past = try await server.call(.patch, path, as: admin, body: #"{"starts_at":"\#(Ops.time(in: -60))","reason":"x"}"#)
            #expect(past.status == 400)
            let blank = try await server.call(.patch, path, as: admin, body: #"{"title":"  ","reason":"x"}"#)
            #expect(blank.status == 400)
            let upside = try await server.call(.patch, path, as: admin, body: #"{"prizes":[1,5],"reason":"x"}"#)
            #expect(upside.status == 400)
            let unknown = try await server.call(.patch, "/admin/topdog/tournaments/\(UUID().uuidString.lowercased())", as: admin, body: #"{"reason":"x"}"#)
            #expect(unknown.status == 404)
            let read = try await server.call(.get, "/topdog/tournaments/\(tournament)", as: guest)
            #expect(read.json["entry_fee_cents"] as? Int == 250 && read.json["title"] as? String == "Week 1 Special", "refusals changed nothing")

            // The room fills and counts down: the tournament is drafting and can no longer be edited.
            for _ in 0..<2 {
                let other = try await server.guest()
                #expect(try await server.deposit(1_000, for: other).status == 201)
                #expect(try await server.join(tournament, as: other).status == 201)
            }
            let drafting = try await server.call(.patch, path, as: admin, body: #"{"title":"Too late","reason":"x"}"#)
            #expect(drafting.status == 409 && Ops.code(drafting) == "tournament_drafting")
            #expect(try await Ops.audit(server, action: "topdog.tournament.edit", kind: "tournament", target: tournament).count == 2)
        }
    }
}
