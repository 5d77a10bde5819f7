import ServerTestSupport
import BestBall
import Foundation
import HTTPTypes
import Testing

/// Every draft and money error of the seed's Appendix K, from the API, with its status and code;
/// a refused request changes nothing.
@Suite("TopDog errors", .timeLimit(.minutes(3)))
struct DraftErrorTests {
    @Test("draft errors: not found, not a participant, not started, not your turn, invalid pick, already drafted, over a cap, complete")
    func draftErrors() async throws {
        try await withTopDogServer { server in
            let tournament = try await server.tournament(
                extra: #","teams":2,"rounds":7,"countdown_seconds":0,"caps":{"qb":1,"rb":9,"wr":10,"te":5}"#)
            let (a, b, stranger) = (try await server.guest(), try await server.guest(), try await server.guest())
            let room = try await server.fillRoom(tournament, with: [a])
            let qbs = SyntheticPool.players().filter { $0.position == .qb }.map(\.id)

            func pick(_ guest: OnlinePlayServer.Guest, _ player: String) async throws -> (Int, String?) {
                let answer = try await server.call(.post, "/topdog/drafts/\(room)/picks", as: guest, body: #"{"player_id":"\#(player)"}"#)
                return (answer.status, (answer.json["error"] as? [String: Any])?["code"] as? String)
            }
            let missing = UUID().uuidString.lowercased()
            #expect(try await server.call(.get, "/topdog/drafts/\(missing)", as: a).status == 404)
            #expect(try await pick(a, qbs[0]) == (409, "draft_not_started"))
            _ = try await server.fillRoom(tournament, with: [b])
            let driver = DraftDriver(server: server, room: room, guests: [a, b])
            let first = try #require(try await driver.onTheClock())
            let other = first.guest.user == a.user ? b : a
            let stranger403 = try await server.call(.get, "/topdog/drafts/\(room)", as: stranger)
            #expect(stranger403.status == 403 && (stranger403.json["error"] as? [String: Any])?["code"] as? String == "not_a_participant")
            #expect(try await pick(stranger, qbs[0]) == (403, "not_a_participant"))
            #expect(try await pick(other, qbs[0]) == (422, "not_your_turn"))
            #expect(try await pick(first.guest, "no-such-player") == (422, "invalid_pick"))
            #expect(try await pick(first.guest, qbs[0]) == (200, nil))
            // The same pick again answers it, and changes nothing.
            let repeated = try await server.call(.post, "/topdog/drafts/\(room)/picks", as: first.guest, body: #"{"player_id":"\#(qbs[0])"}"#)
            #expect(repeated.status == 200 && repeated.json["repeated"] as? Bool == true)
            #expect(try await pick(other, qbs[0]) == (422, "player_already_drafted"))
            // Picks 2 and 3 are the other team's; pick 4 is the first team's, which holds its one QB.
            #expect(try await pick(other, qbs[1]) == (200, nil))
            let receiver = try #require(SyntheticPool.players().first { $0.position == .wr }?.id)
            #expect(try await pick(other, receiver) == (200, nil))
            let before = try await driver.read(as: a)["seq"] as? Int
            #expect(try await pick(first.guest, qbs[3]) == (422, "invalid_pick"))
            #expect(try await driver.read(as: a)["seq"] as? Int == before)
            try await driver.pick(11)
            #expect(try await driver.read(as: a)["status"] as? String == "complete")
            #expect(try await pick(first.guest, qbs[5]) == (422, "draft_complete"))
        }
    }

    @Test("money and entry errors: insufficient balance, a reused key, a full tournament, the per-user limit, bad input")
    func moneyErrors() async throws {
        try await withTopDogServer { server in
            let guest = try await server.guest()
            let paid = try await server.tournament(fee: 2_500, extra: #","max_entries":3,"max_per_user":2"#)
            let broke = try await server.join(paid, as: guest)
            #expect(broke.status == 409 && (broke.json["error"] as? [String: Any])?["code"] as? String == "insufficient_balance")
            #expect(try await server.call(.get, "/topdog/teams", as: guest).json["teams"] as? [Any] != nil)
            #expect(try await server.deposit(10_000, for: guest, key: "d-1").json["status"] as? String == "settled")
            let again = try await server.deposit(10_000, for: guest, key: "d-1")
            #expect(again.status == 201 && again.json["status"] as? String == "settled")
            #expect(try await server.balance(of: guest) == 10_000)
            let reused = try await server.deposit(500, for: guest, key: "d-1")
            #expect(reused.status == 409 && (reused.json["error"] as? [String: Any])?["code"] as? String == "idempotency_key_reused")
            let limit = try await server.join(paid, as: guest, count: 3)
            #expect((limit.json["error"] as? [String: Any])?["code"] as? String == "tournament_full" || (limit.json["error"] as? [String: Any])?["code"] as? String == "entry_limit")
            #expect(try await server.join(paid, as: guest, count: 2, key: "j-1").status == 201)
            #expect(try await server.balance(of: guest) == 5_000)
            // The same key answers the same entries and takes nothing more.
            let repeatJoin = try await server.join(paid, as: guest, count: 2, key: "j-1")
            #expect(repeatJoin.status == 201 && (repeatJoin.json["entries"] as? [Any])?.count == 2)
            #expect(try await server.balance(of: guest) == 5_000)
            let third = try await server.join(paid, as: guest)
            #expect((third.json["error"] as? [String: Any])?["code"] as? String == "entry_limit")
            let other = try await server.guest()
            #expect(try await server.deposit(10_000, for: other).status == 201)
            let full = try await server.join(paid, as: other, count: 2)
            #expect(full.status == 409 && (full.json["error"] as? [String: Any])?["code"] as? String == "tournament_full")
            #expect(try await server.balance(of: other) == 10_000)
            for body in [#"{"count":0,"idempotency_key":"k"}"#, #"{"count":1}"#, #"{"count":1,"idempotency_key":"k","extra":1}"#, #"{"count":1,"idempotency_key":"bad key!"}"#] {
                #expect(try await server.call(.post, "/topdog/tournaments/\(paid)/entries", as: other, body: body).status == 400, "\(body)")
            }
            #expect(try await server.deposit(0, for: other).status == 400)
            #expect(try await server.join(UUID().uuidString.lowercased(), as: other).status == 404)
            let withdrawal = try await server.call(.post, "/topdog/wallet/withdrawals", as: other, body: #"{"amount_cents":10001,"idempotency_key":"w-1"}"#)
            #expect(withdrawal.status == 409 && (withdrawal.json["error"] as? [String: Any])?["code"] as? String == "insufficient_balance")
            let books = try await server.books()
            #expect(books.total == 0 && books.consistent && books.negativeUsers == 0)
        }
    }
}
