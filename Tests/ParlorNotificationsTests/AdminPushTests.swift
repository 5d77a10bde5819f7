import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorNotifications
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing

@Suite("Push: what an admin reads of the outbox and its deliveries")
struct AdminPushTests {
    @Test("a notification with each device's answer, tokens shown by their end; filters by user and state", arguments: TestDatabaseKind.available)
    func outbox(kind: TestDatabaseKind) async throws {
        // A cap of one alert an hour: Ann's second invitation is finished as `capped`, a failure.
        try await withPushServer(kind: kind, configure: { $0.push.hourlyCap = 1 }) { server, fake in
            let admin = try await server.admin()
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let good = try await server.registerDevice(ann)
            let refused = try await server.registerDevice(ann)
            fake.script(refused, [(400, "BadTopic")])
            for _ in 0..<2 {
                let created = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
                let id = try #require(created.json["id"] as? String)
                #expect(try await server.call(.post, "/games/\(id)/invitations", as: bob, body: #"{"users":["\#(ann.user)"]}"#).status == 201)
            }
            // Both finished: one sent to both devices, one capped.
            var page: [String: Any] = [:]
            for _ in 0..<400 {
                page = try await server.call(.get, "/admin/push/notifications?user_id=\(ann.user)", as: admin).json
                let listed = page["notifications"] as? [[String: Any]] ?? []
                if listed.count == 2, listed.allSatisfy({ $0["finished_at"] != nil }) { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            let listed = page["notifications"] as? [[String: Any]] ?? []
            #expect(listed.count == 2, "\(page)")
            #expect(Set(listed.compactMap { $0["outcome"] as? String }) == ["sent", "capped"])
            let sent = try #require(listed.first { $0["outcome"] as? String == "sent" })
            #expect(sent["kind"] as? String == "invitation" && sent["product"] as? String == "quortex", "\(sent)")
            let deliveries = sent["deliveries"] as? [[String: Any]] ?? []
            #expect(Set(deliveries.compactMap { $0["token_suffix"] as? String }) == [String(good.suffix(8)), String(refused.suffix(8))])
            #expect(deliveries.contains { $0["status"] as? Int == 200 })
            #expect(deliveries.contains { $0["status"] as? Int == 400 && $0["reason"] as? String == "BadTopic" })
            #expect(!deliveries.contains { ($0["token_suffix"] as? String)?.count != 8 }, "never the whole token")
            #expect(page["pending"] as? Int == 0)
            #expect(page["failed_last_day"] as? Int == 1)

            let failed = try await server.call(.get, "/admin/push/notifications?state=failed", as: admin).json["notifications"] as? [[String: Any]] ?? []
            #expect(failed.compactMap { $0["outcome"] as? String } == ["capped"])
            let onlySent = try await server.call(.get, "/admin/push/notifications?state=sent", as: admin).json["notifications"] as? [[String: Any]] ?? []
            #expect(onlySent.compactMap { $0["outcome"] as? String } == ["sent"])
            let pending = try await server.call(.get, "/admin/push/notifications?state=pending", as: admin).json["notifications"] as? [[String: Any]] ?? []
            #expect(pending.isEmpty)
            let bobs = try await server.call(.get, "/admin/push/notifications?user_id=\(bob.user)", as: admin).json["notifications"] as? [[String: Any]] ?? []
            #expect(bobs.isEmpty, "Bob has no device, so nothing was queued for him")
            // Paged: one at a time, newest first, no repeats.
            let first = try await server.call(.get, "/admin/push/notifications?limit=1", as: admin).json
            let cursor = try #require(first["next"] as? String)
            let second = try await server.call(
                .get, "/admin/push/notifications?limit=1&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", as: admin).json
            let ids = [first, second].flatMap { ($0["notifications"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
            #expect(Set(ids).count == 2)
            #expect(second["next"] == nil)
        }
    }

    @Test("players and moderators are refused; a bad state is a 400")
    func refusals() async throws {
        try await withPushServer { server, _ in
            let admin = try await server.admin()
            for caller in [try await server.guest(), try await server.staff(.moderator)] {
                #expect(try await server.call(.get, "/admin/push/notifications", as: caller).status == 403)
            }
            #expect(try await server.call(.get, "/admin/push/notifications?state=lost", as: admin).status == 400)
        }
    }
}
