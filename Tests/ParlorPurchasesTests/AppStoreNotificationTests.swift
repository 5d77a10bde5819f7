import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorTestSupport
import Testing

@Suite("Purchases: App Store Server Notifications v2")
struct AppStoreNotificationTests {
    @Test("a subscription's life: subscribed, upgraded, downgrade pending, grace period, billing retry, renewed, expired", arguments: TestDatabaseKind.available)
    func subscriptionLife(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let ann = try await server.guest()
            let original = UUID().uuidString
            var clock = Date()
            func next() -> Date {
                clock = clock.addingTimeInterval(1)
                return clock
            }
            func transaction(_ product: String, expires: Date) -> [String: Any] {
                FakeAppStore.transaction(
                    original: original, product: product, type: "Auto-Renewable Subscription", signed: next(), expires: expires, user: ann.user)
            }
            func renewal(auto product: String, grace: Date? = nil) -> [String: Any] {
                var info: [String: Any] = [
                    "originalTransactionId": original, "autoRenewProductId": product, "autoRenewStatus": 1, "signedDate": FakeAppStore.millis(clock),
                    "environment": "Sandbox",
                ]
                if let grace { info["gracePeriodExpiresDate"] = FakeAppStore.millis(grace) }
                return info
            }
            let month = Date().addingTimeInterval(30 * 86400)
            func state() async throws -> (tier: String?, status: String?, pending: String?) {
                let entitlements = try await server.entitlements(ann)
                let subscription = entitlements["subscription"] as? [String: Any]
                return (entitlements["tier"] as? String, subscription?["status"] as? String, subscription?["pending_product_id"] as? String)
            }
            // Subscribed to Plus (the app's account token names Ann).
            let subscribed = try store.notification(
                type: "SUBSCRIBED", subtype: "INITIAL_BUY", transaction: transaction("com.quortex.plus.monthly", expires: month),
                renewal: renewal(auto: "com.quortex.plus.monthly"), signed: next())
            #expect(try await server.notify(subscribed) == (200, "applied"))
            #expect(try await server.notify(subscribed) == (200, "duplicate"))
            #expect(try await state() == ("plus", "active", nil))
            // Upgraded to Pro: at once.
            #expect(try await server.notify(store.notification(
                type: "DID_CHANGE_RENEWAL_PREF", subtype: "UPGRADE", transaction: transaction("com.quortex.pro.monthly", expires: month),
                renewal: renewal(auto: "com.quortex.pro.monthly"), signed: next())).outcome == "applied")
            #expect(try await state() == ("pro", "active", nil))
            #expect(try await server.entitlements(ann)["unlimited_hints_and_undos"] as? Bool == true)
            // Downgrade to Plus: at the next renewal.
            #expect(try await server.notify(store.notification(
                type: "DID_CHANGE_RENEWAL_PREF", subtype: "DOWNGRADE", transaction: nil, renewal: renewal(auto: "com.quortex.plus.yearly"),
                signed: next())).outcome == "applied")
            #expect(try await state() == ("pro", "active", "com.quortex.plus.yearly"))
            // Billing fails: a grace period keeps access, then billing retry takes it away.
            let failed = try store.notification(
                type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", transaction: nil,
                renewal: renewal(auto: "com.quortex.plus.yearly", grace: Date().addingTimeInterval(6 * 86400)), signed: next())
            let expiredGrace = try store.notification(type: "GRACE_PERIOD_EXPIRED", transaction: nil, renewal: renewal(auto: "com.quortex.plus.yearly"), signed: next())
            #expect(try await server.notify(failed).outcome == "applied")
            #expect(try await state() == ("pro", "grace_period", "com.quortex.plus.yearly"))
            #expect(try await server.notify(expiredGrace).outcome == "applied")
            #expect(try await state() == (nil, "billing_retry", "com.quortex.plus.yearly"))
            // Renewed into the downgraded product; then it expires.
            #expect(try await server.notify(store.notification(
                type: "DID_RENEW", transaction: transaction("com.quortex.plus.yearly", expires: Date().addingTimeInterval(365 * 86400)),
                renewal: renewal(auto: "com.quortex.plus.yearly"), signed: next())).outcome == "applied")
            #expect(try await state() == ("plus", "active", nil))
            let expired = try store.notification(type: "EXPIRED", subtype: "VOLUNTARY", transaction: nil, renewal: renewal(auto: "com.quortex.plus.yearly"), signed: next())
            #expect(try await server.notify(expired).outcome == "applied")
            #expect(try await state() == (nil, "expired", nil))
            #expect(try await server.entitlements(ann)["themes"] as? [String] == [])
            // News signed before what is stored changes nothing (Apple does not promise order).
            #expect(try await server.notify(failed).outcome == "duplicate")
            let old = clock.addingTimeInterval(-100)
            let staleRenewal = FakeAppStore.transaction(
                original: original, product: "com.quortex.pro.monthly", type: "Auto-Renewable Subscription", signed: old, expires: month, user: ann.user)
            let stale = try store.notification(
                type: "DID_RENEW", transaction: staleRenewal, renewal: renewal(auto: "com.quortex.pro.monthly"), signed: old)
            #expect(try await server.notify(stale).status == 200)
            #expect(try await state().status == "expired")
        }
    }

    @Test("a refund takes a grant back, never below zero; a reversed refund restores it; a revoked theme is gone")
    func refunds() async throws {
        try await withPurchaseServer { server, store in
            let ann = try await server.guest()
            let pack = FakeAppStore.transaction(product: "com.quortex.undo.pack5", type: "Consumable", user: ann.user)
            let theme = FakeAppStore.transaction(product: "com.quortex.theme.ocean", type: "Non-Consumable", user: ann.user)
            #expect(try await server.verify(try store.sign(pack), as: ann).status == 200)
            #expect(try await server.verify(try store.sign(theme), as: ann).status == 200)
            for index in 0..<3 {
                let used = try await server.call(.post, "/purchases/uses", as: ann, body: #"{"bundle_id":"com.quortex.app","item":"undo","use_id":"u\#(index)"}"#)
                #expect(used.status == 200)
            }
            #expect(try await server.entitlements(ann)["undos"] as? Int == 2)
            var refunded = pack
            refunded["revocationDate"] = FakeAppStore.millis(Date())
            refunded["revocationReason"] = 0
            #expect(try await server.notify(store.notification(type: "REFUND", transaction: refunded)).outcome == "applied")
            #expect(try await server.entitlements(ann)["undos"] as? Int == 0, "5 taken back from 2 leaves 0, not -3")
            #expect(try await server.notify(store.notification(type: "REFUND_REVERSED", transaction: pack)).outcome == "applied")
            #expect(try await server.entitlements(ann)["undos"] as? Int == 5)
            var revoked = theme
            revoked["revocationDate"] = FakeAppStore.millis(Date())
            #expect(try await server.notify(store.notification(type: "REVOKE", transaction: revoked)).outcome == "applied")
            #expect(try await server.entitlements(ann)["themes"] as? [String] == [])
            // A notification about a purchase nobody here verified is recorded, not applied.
            let unknown = FakeAppStore.transaction(product: "com.quortex.theme.neon", type: "Non-Consumable")
            #expect(try await server.notify(store.notification(type: "REFUND", transaction: unknown)).outcome == "unknown_user")
            // Unverifiable notifications are refused.
            #expect(try await server.notify(FakeAppStore().notification(type: "REFUND", transaction: unknown)).status == 400)
            #expect(try await server.notify("garbage").status == 400)
        }
    }
}
