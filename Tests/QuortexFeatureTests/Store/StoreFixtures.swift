import AppFoundation
import Dependencies
import Foundation
import ParlorClient

@testable import QuortexFeature

/// The App Store's answer for Quortex's catalogue, as a sandbox storefront in the US gives it.
enum StoreFixtures {
    static let neon = "com.quortex.theme.neon"
    static let undos = "com.quortex.undo.pack5"
    static let plusMonthly = "com.quortex.plus.monthly"

    static let products: [StoreProduct] = [
        StoreProduct(id: "com.quortex.pro.yearly", displayName: "Quortex Pro (Yearly)", priceText: "$39.99", kind: .autoRenewable, period: .year),
        StoreProduct(id: neon, displayName: "Neon", description: "A glowing board.", priceText: "$0.99", kind: .nonConsumable),
        StoreProduct(id: "com.quortex.theme.classic", displayName: "Classic Wood", priceText: "$0.99", kind: .nonConsumable),
        StoreProduct(id: "com.quortex.theme.ocean", displayName: "Ocean", priceText: "$0.99", kind: .nonConsumable),
        StoreProduct(id: undos, displayName: "5 Undos", priceText: "$0.99", kind: .consumable),
        StoreProduct(id: "com.quortex.hint.pack10", displayName: "10 Hints", priceText: "$1.99", kind: .consumable),
        StoreProduct(id: plusMonthly, displayName: "Quortex Plus", priceText: "$2.99", kind: .autoRenewable, period: .month),
        StoreProduct(id: "com.quortex.plus.yearly", displayName: "Quortex Plus (Yearly)", priceText: "$24.99", kind: .autoRenewable, period: .year),
        StoreProduct(id: "com.quortex.pro.monthly", displayName: "Quortex Pro", priceText: "$4.99", kind: .autoRenewable, period: .month),
        // Not in the catalogue: never listed.
        StoreProduct(id: "com.quortex.theme.unknown", displayName: "Unknown", priceText: "$9.99", kind: .nonConsumable),
    ]

    static func transaction(_ id: String, product: String) -> SignedStoreTransaction {
        SignedStoreTransaction(id: id, productID: product, jws: "jws-\(id)")
    }

    static let offline = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached")
    static let forged = ParlorError(
        kind: .invalidInput, code: "invalid_signed_payload",
        message: "the signed payload cannot be trusted (not signed by the App Store: untrusted root)", status: 400)
}

/// What the fake App Store and the fake server were asked, in order.
final class StoreCalls: Sendable {
    let log = LockIsolated<[String]>([])

    func record(_ call: String) { log.withValue { $0.append(call) } }
    var calls: [String] { log.value }
}

extension StoreClient {
    /// The App Store listing the fixtures; `purchase` and the rest as a test sets them.
    static func listing(
        _ products: [StoreProduct] = StoreFixtures.products, calls: StoreCalls,
        purchase: @escaping @Sendable (String, UUID?) async throws(ParlorError) -> PurchaseOutcome = { _, _ throws(ParlorError) in
            throw Unimplemented.call("StoreClient.purchase")
        }
    ) -> StoreClient {
        var client = StoreClient.unimplemented
        client.products = { _ throws(ParlorError) in products }
        client.purchase = purchase
        client.finish = { id in calls.record("finish \(id)") }
        return client
    }
}

extension PurchasesClient {
    /// A server holding `owned`, granting each verified transaction `grant`.
    static func holding(
        _ owned: StoreEntitlements, calls: StoreCalls, grant: @escaping @Sendable (String) throws(ParlorError) -> StoreEntitlements = { _ in .nothing }
    ) -> PurchasesClient {
        let current = LockIsolated(owned)
        return PurchasesClient(
            entitlements: { () async throws(ParlorError) -> StoreEntitlements in
                calls.record("entitlements")
                return current.value
            },
            verify: { jws throws(ParlorError) in
                calls.record("verify \(jws)")
                let after = try grant(jws)
                current.setValue(after)
                return (true, after)
            })
    }
}
