import Foundation
import GameCore
import HTTPTypes
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Purchases' routes; the application root forwards them here.
package struct PurchasesAPI: Sendable {
    let accounts: AccountService
    let purchases: PurchaseService

    package init(accounts: AccountService, purchases: PurchaseService) {
        self.accounts = accounts
        self.purchases = purchases
    }

    package func verifyPurchase(_ input: Operations.VerifyPurchase.Input) async throws -> Operations.VerifyPurchase.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        try await accounts.limit("purchase-verify:user:\(caller.userID)", accounts.configuration.rateLimits.purchaseVerificationsPerUser)
        let result = try await purchases.verify(signedTransaction: body.signedTransaction, for: caller.userID)
        return .ok(.init(body: .json(.init(
            transactionId: result.transaction.transactionId, productId: result.transaction.productId, granted: result.granted,
            entitlements: .init(result.entitlements, now: purchases.millis)))))
    }

    package func receiveAppStoreNotification(_ input: Operations.ReceiveAppStoreNotification.Input) async throws -> Operations.ReceiveAppStoreNotification.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let outcome = try await purchases.handle(signedPayload: body.signedPayload)
        return .ok(.init(body: .json(.init(outcome: .init(rawValue: outcome.rawValue) ?? .ignored))))
    }

    package func getEntitlements(_ input: Operations.GetEntitlements.Input) async throws -> Operations.GetEntitlements.Output {
        let caller = try await accounts.authenticate()
        let entitlements = try await purchases.entitlements(of: caller.userID, bundleID: input.query.bundleId)
        return .ok(.init(body: .json(.init(entitlements, now: purchases.millis))))
    }

    package func usePurchase(_ input: Operations.UsePurchase.Input) async throws -> Operations.UsePurchase.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        guard let app = purchases.catalogue.app(body.bundleId) else { throw APIError.notFound("this server sells nothing for \(body.bundleId)") }
        let item: PurchaseService.Item = body.item == .hint ? .hint : .undo
        let spent = try await purchases.spend(item, useID: body.useId, user: caller.userID, app: app)
        return .ok(.init(body: .json(.init(item: body.item == .hint ? .hint : .undo, remaining: spent.remaining, charged: spent.charged, repeated: spent.repeated))))
    }
}

extension Components.Schemas.Entitlements {
    init(_ entitlements: Entitlements, now: Int64) {
        self.init(
            bundleId: entitlements.bundleID, themes: entitlements.themes, skins: entitlements.skins, ownedProductIds: entitlements.ownedProductIDs,
            hints: entitlements.hints, undos: entitlements.undos, unlimitedHintsAndUndos: entitlements.unlimitedHintsAndUndos,
            tier: entitlements.tier.flatMap { .init(rawValue: $0.rawValue) },
            subscription: entitlements.subscription.map { subscription in
                .init(
                    productId: subscription.productID, status: .init(rawValue: subscription.status(at: now).rawValue) ?? .expired,
                    expiresAt: subscription.expiresAt.map(Date.init(millis:)), graceUntil: subscription.graceUntil.map(Date.init(millis:)),
                    autoRenew: subscription.autoRenew, pendingProductId: subscription.pendingProductID)
            })
    }
}
