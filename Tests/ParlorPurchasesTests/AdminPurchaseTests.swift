import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing

@Suite("Purchases: what an admin reads of a user's purchases and the App Store's notifications")
struct AdminPurchaseTests {
    @Test("a user's transactions, subscription, balances and the notifications about them; others' stay out", arguments: TestDatabaseKind.available)
    func userPurchases(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let admin = try await server.admin()
            let ann = try await server.guest()
            let bob = try await server.guest()
            let pack = FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable", user: ann.user)
            #expect(try await server.verify(try store.sign(pack), as: ann).status == 200)
            let original = UUID().uuidString
            let plus = FakeAppStore.transaction(
                original: original, product: "com.quortex.plus.monthly", type: "Auto-Renewable Subscription",
                expires: Date().addingTimeInterval(30 * 86400), user: ann.user)
            #expect(try await server.notify(store.notification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", transaction: plus)).outcome == "applied")
            let bobs = FakeAppStore.transaction(product: "com.quortex.theme.neon", type: "Non-Consumable", user: bob.user)
            #expect(try await server.notify(store.notification(type: "ONE_TIME_CHARGE", transaction: bobs)).outcome != nil)
            #expect(try await server.notify(store.notification(type: "TEST", transaction: nil)).outcome == "ignored")

            let answer = try await server.call(.get, "/admin/users/\(ann.user)/purchases", as: admin)
            #expect(answer.status == 200, "\(answer)")
            let transactions = answer.json["transactions"] as? [[String: Any]] ?? []
            #expect(Set(transactions.compactMap { $0["product_id"] as? String }) == ["com.quortex.hint.pack10", "com.quortex.plus.monthly"])
            let subscriptions = answer.json["subscriptions"] as? [[String: Any]] ?? []
            #expect(subscriptions.count == 1 && subscriptions.first?["status"] as? String == "active" && subscriptions.first?["original_transaction_id"] as? String == original)
            let balances = answer.json["balances"] as? [[String: Any]] ?? []
            #expect(balances.contains { $0["item"] as? String == "hints" && $0["balance"] as? Int == 10 }, "\(balances)")
            let notifications = answer.json["notifications"] as? [[String: Any]] ?? []
            #expect(notifications.map { $0["notification_type"] as? String } == ["SUBSCRIBED"], "only Ann's purchase's news: \(notifications)")
            #expect(notifications.first?["original_transaction_id"] as? String == original)
            #expect(notifications.first?["outcome"] as? String == "applied")

            let nobody = try await server.call(.get, "/admin/users/\(UUID().uuidString)/purchases", as: admin)
            #expect(nobody.status == 200 && (nobody.json["transactions"] as? [Any])?.isEmpty == true, "an unknown user has nothing")
        }
    }

    @Test("every notification newest first, paged with a cursor", arguments: TestDatabaseKind.available)
    func notificationPages(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let admin = try await server.admin()
            var uuids: [String] = []
            for index in 0..<3 {
                let uuid = UUID().uuidString
                uuids.append(uuid)
                #expect(try await server.notify(store.notification(type: "TEST", uuid: uuid, transaction: nil, signed: Date().addingTimeInterval(Double(index)))).status == 200)
                try await Task.sleep(for: .milliseconds(5))
            }
            let first = try await server.call(.get, "/admin/purchases/notifications?limit=2", as: admin)
            let second = try await server.call(
                .get, "/admin/purchases/notifications?limit=2&cursor=\(first.json["next"] as? String ?? "")".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "",
                as: admin)
            let seen = ((first.json["notifications"] as? [[String: Any]] ?? []) + (second.json["notifications"] as? [[String: Any]] ?? []))
                .compactMap { $0["notification_uuid"] as? String }
            #expect(seen == uuids.reversed(), "newest first across pages")
            #expect(second.json["next"] == nil, "the last page says so")
            #expect(try await server.call(.get, "/admin/purchases/notifications?cursor=bogus", as: admin).status == 400)
            #expect(try await server.call(.get, "/admin/purchases/notifications?limit=0", as: admin).status == 400)
        }
    }

    @Test("players and moderators are refused")
    func onlyAdmins() async throws {
        try await withPurchaseServer { server, _ in
            let player = try await server.guest()
            let moderator = try await server.staff(.moderator)
            for caller in [player, moderator] {
                #expect(try await server.call(.get, "/admin/users/\(player.user)/purchases", as: caller).status == 403)
                #expect(try await server.call(.get, "/admin/purchases/notifications", as: caller).status == 403)
            }
        }
    }
}
