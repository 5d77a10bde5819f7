import Foundation
import SQLKit

/// What a user owns in one app, as the server enforces it.
package struct Entitlements: Sendable, Equatable {
    package var bundleID: String
    package var themes: [String]
    package var skins: [String]
    /// Non-consumables owned and the subscription product in force (the seed's `ownedProductIDs`).
    package var ownedProductIDs: [String]
    package var hints: Int
    package var undos: Int
    /// Pro: hints and undos cost nothing.
    package var unlimitedHintsAndUndos: Bool
    /// The newest subscription, whatever its state.
    package var subscription: Subscription?
    package var tier: ProductCatalogue.Tier?

    /// Reads them at `time`.
    static func read(user: String, app: ProductCatalogue.App, at time: Int64, on sql: any SQLDatabase) async throws -> Entitlements {
        let owned = try await PurchaseStore.ownedProducts(of: user, in: app.bundleID, on: sql)
        let balances = try await PurchaseStore.balances(of: user, in: app.bundleID, on: sql)
        let subscriptions = try await SubscriptionStore.subscriptions(of: user, in: app.bundleID, on: sql)
        let inForce = subscriptions.filter { $0.entitles(at: time) }
        let tier = inForce.compactMap { app.product($0.productID)?.tier }.max()
        var themes = Set(owned.compactMap { app.product($0)?.grants?.theme })
        let skins = Set(owned.compactMap { app.product($0)?.grants?.skin })
        for (level, granted) in app.subscriptionThemes where tier.map({ $0 >= level }) == true {
            themes.formUnion(granted)
        }
        let shown = inForce.first ?? subscriptions.max { ($0.expiresAt ?? 0) < ($1.expiresAt ?? 0) }
        return Entitlements(
            bundleID: app.bundleID, themes: themes.sorted(), skins: skins.sorted(),
            ownedProductIDs: (owned.union(inForce.map(\.productID))).sorted(), hints: balances["hints"] ?? 0, undos: balances["undos"] ?? 0,
            unlimitedHintsAndUndos: tier == .pro, subscription: shown, tier: tier)
    }
}
