import ParlorDatabase
import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorTestSupport
import SQLKit
import Testing

@Suite("Purchases: hints, undos and what a subscription buys")
struct HintAndUseTests {
    @Test("a hint is the strongest bot's legal move for your turn, spent once per hint id, free with Pro", arguments: TestDatabaseKind.available)
    func hints(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            let id = game.uuidString.lowercased()
            let current = try await server.call(.get, "/games/\(id)", as: guests[0])
            let turn = try #require((current.json["current_seats"] as? [Int])?.first)
            let moverID = try #require((current.json["seats"] as? [[String: Any]])?.first { $0["seat"] as? Int == turn }?["user"] as? String)
            let mover = try #require(guests.first { $0.user == moverID })
            let other = try #require(guests.first { $0.user != moverID })
            let none = try await server.call(.post, "/games/\(id)/hint", as: mover, body: #"{"hint_id":"h1"}"#)
            #expect(none.status == 402 && (none.json["error"] as? [String: Any])?["code"] as? String == "no_hints_left")
            #expect(try await server.verify(try store.sign(FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable")), as: mover).status == 200)
            let hint = try await server.call(.post, "/games/\(id)/hint", as: mover, body: #"{"hint_id":"h1"}"#)
            #expect(hint.status == 200 && hint.json["remaining"] as? Int == 9 && hint.json["charged"] as? Bool == true, "\(hint)")
            let again = try await server.call(.post, "/games/\(id)/hint", as: mover, body: #"{"hint_id":"h1"}"#)
            #expect(again.json["remaining"] as? Int == 9 && again.json["repeated"] as? Bool == true)
            #expect(again.json["action"] as? String == hint.json["action"] as? String)
            let notMine = try await server.call(.post, "/games/\(id)/hint", as: other, body: #"{"hint_id":"h2"}"#)
            #expect(notMine.status == 409)
            let stranger = try await server.guest()
            #expect(try await server.call(.post, "/games/\(id)/hint", as: stranger, body: #"{"hint_id":"h3"}"#).status == 403)
            // The suggestion is a legal move.
            let action = try #require(hint.json["action"] as? String)
            let played = try await server.call(.post, "/games/\(id)/moves", as: mover, body: #"{"move_id":"m1","action":"\#(action)"}"#)
            #expect(played.status == 200, "\(played)")
            // Pro: free.
            let pro = try store.sign(FakeAppStore.transaction(
                product: "com.quortex.pro.monthly", type: "Auto-Renewable Subscription", expires: Date().addingTimeInterval(86400)))
            #expect(try await server.verify(pro, as: other).status == 200)
            let free = try await server.call(.post, "/games/\(id)/hint", as: other, body: #"{"hint_id":"p1"}"#)
            #expect(free.status == 200 && free.json["charged"] as? Bool == false, "\(free)")
            #expect(!free.json.keys.contains("remaining"), "unlimited: nothing counts down")
        }
    }

    @Test("undos are spent once per use id and never below zero, however many ask at once", arguments: TestDatabaseKind.available)
    func undos(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let ann = try await server.guest()
            #expect(try await server.verify(try store.sign(FakeAppStore.transaction(product: "com.quortex.undo.pack5", type: "Consumable")), as: ann).status == 200)
            let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<12 {
                    group.addTask {
                        // Each use id is sent twice: a retry must not spend again.
                        let body = #"{"bundle_id":"com.quortex.app","item":"undo","use_id":"u\#(index / 2)"}"#
                        let answer = try await server.call(.post, "/purchases/uses", as: ann, body: body)
                        return (answer.status, answer.json["charged"] as? Bool == true)
                    }
                }
                var results: [(Int, Bool)] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(results.filter(\.1).count == 5, "\(results)")
            #expect(results.allSatisfy { $0.0 == 200 || $0.0 == 402 })
            #expect(try await server.entitlements(ann)["undos"] as? Int == 0)
            let bad = try await server.call(.post, "/purchases/uses", as: ann, body: #"{"bundle_id":"com.quortex.app","item":"gem","use_id":"x"}"#)
            #expect(bad.status == 400)
            #expect(try await server.call(.post, "/purchases/uses", as: ann, body: #"{"bundle_id":"com.nope.app","item":"undo","use_id":"x"}"#).status == 404)
        }
    }

    @Test("a subscriber's finished games stay listed after the free history window; others' drop out")
    func history() async throws {
        try await withPurchaseServer { server, store in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            _ = try await server.decide(winner: ann, loser: bob)
            // The game ended 100 days ago.
            try await server.database.withConnection { sql in
                try await sql.raw("UPDATE games SET ended_at = ended_at - \(bind: Int64(100) * 86_400_000)").run()
            }
            #expect((try await server.call(.get, "/games", as: ann).json["games"] as? [Any])?.isEmpty == true)
            let plus = try store.sign(FakeAppStore.transaction(
                product: "com.quortex.plus.monthly", type: "Auto-Renewable Subscription", expires: Date().addingTimeInterval(86400)))
            #expect(try await server.verify(plus, as: ann).status == 200)
            #expect((try await server.call(.get, "/games", as: ann).json["games"] as? [Any])?.count == 1)
            #expect((try await server.call(.get, "/games", as: bob).json["games"] as? [Any])?.isEmpty == true)
        }
    }
}
