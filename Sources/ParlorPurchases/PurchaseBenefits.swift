import Foundation
import SQLKit

/// What a subscription buys in online play: Plus (and Pro) players are served first in quick
/// match of their app's games and keep their whole game history; others see `freeHistoryDays`.
package struct PurchaseBenefits: Sendable {
    let catalogue: ProductCatalogue
    let freeHistory: Int64

    package init(catalogue: ProductCatalogue, freeHistoryDays: Int) {
        self.catalogue = catalogue
        self.freeHistory = Int64(freeHistoryDays) * 86_400_000
    }

    package func prioritized(among users: [String], game: String, at now: Int64, on sql: any SQLDatabase) async throws -> Set<String> {
        guard !users.isEmpty, let app = catalogue.app(forGame: game) else { return [] }
        let rows = try await sql.select().columns(SubscriptionStore.columns.map { SQLColumn($0) }).from("purchase_subscriptions")
            .where("user_id", .in, users).where("bundle_id", .equal, app.bundleID).all()
        return Set(try rows.map(SubscriptionStore.subscription).filter { $0.entitles(at: now) && app.product($0.productID)?.tier != nil }.map(\.user))
    }

    package func historyWindow(of user: String, at now: Int64, on sql: any SQLDatabase) async throws -> Int64? {
        let subscriptions = try await SubscriptionStore.subscriptions(of: user, in: nil, on: sql)
        return subscriptions.contains { $0.entitles(at: now) } ? nil : freeHistory
    }
}
