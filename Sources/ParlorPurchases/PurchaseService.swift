import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// ParlorPurchases: StoreKit 2 purchases. Signed transactions and App Store Server
/// Notifications v2 are verified (``AppStoreVerifier``) before anything is granted; grants are
/// idempotent on the transaction id and notifications on their UUID; refunds and revocations take
/// the grant back. Entitlements (themes, skins, hint and undo balances, the subscription) are
/// read from what was granted, and the server enforces what it decides: Pro's free hints, Plus's
/// priority in quick match and its longer game history.
package struct PurchaseService: Sendable {
    package let database: Database
    package let catalogue: ProductCatalogue
    let verifier: AppStoreVerifier
    let now: @Sendable () -> Date
    let logger: Logger

    package init(database: Database, configuration: PurchasesConfiguration, now: @escaping @Sendable () -> Date, logger: Logger) throws {
        self.database = database
        self.catalogue = configuration.catalogue
        self.verifier = try AppStoreVerifier(rootPEM: configuration.rootPEM, environments: configuration.environments)
        self.now = now
        self.logger = logger
    }

    package var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    // MARK: Verifying a purchase

    /// Verifies a StoreKit 2 signed transaction for `user` and grants what it bought, once.
    package func verify(signedTransaction jws: String, for user: String) async throws -> (transaction: SignedTransaction, granted: Bool, entitlements: Entitlements) {
        let transaction = try await verified(jws, as: SignedTransaction.self)
        let (app, product) = try known(transaction)
        if let token = transaction.appAccountToken, token.lowercased() != user.lowercased() {
            throw APIError.forbidden("this purchase was made for another account")
        }
        let time = millis
        let (granted, entitlements) = try await database.transaction { sql in
            let granted = try await apply(transaction, product: product, app: app, user: user, at: time, on: sql)
            return (granted, try await Entitlements.read(user: user, app: app, at: time, on: sql))
        }
        return (transaction, granted, entitlements)
    }

    /// Records `transaction` for `user` and grants it; false when it was recorded already.
    func apply(
        _ transaction: SignedTransaction, product: ProductCatalogue.Product, app: ProductCatalogue.App, user: String, at time: Int64,
        on sql: any SQLDatabase
    ) async throws -> Bool {
        if let stored = try await PurchaseStore.transaction(transaction.transactionId, on: sql) {
            guard stored.user == user else {
                throw APIError.conflict("this purchase belongs to another account", code: "purchase_owned_elsewhere")
            }
            if let revoked = transaction.revocationDate, stored.revokedAt == nil { try await revoke(transaction, at: revoked, on: sql) }
            return false
        }
        try await PurchaseStore.insert(transaction, type: product.type.rawValue, user: user, at: time, on: sql)
        guard transaction.revocationDate == nil else { return false }
        let quantity = max(1, transaction.quantity ?? 1)
        switch product.type {
        case .consumable:
            if let hints = product.grants?.hints { try await PurchaseStore.add(hints * quantity, of: "hints", to: user, in: app.bundleID, on: sql) }
            if let undos = product.grants?.undos { try await PurchaseStore.add(undos * quantity, of: "undos", to: user, in: app.bundleID, on: sql) }
        case .nonConsumable:
            break
        case .autoRenewable:
            var subscription = try await SubscriptionStore.find(transaction.originalTransactionId, on: sql)
                ?? Subscription(
                    originalTransactionID: transaction.originalTransactionId, user: user, bundleID: app.bundleID, productID: product.id,
                    status: .active, autoRenew: true, signedAt: 0)
            subscription.productID = product.id
            subscription.expiresAt = transaction.expiresDate
            subscription.status = (transaction.expiresDate ?? .max) > time ? .active : .expired
            subscription.graceUntil = nil
            if subscription.pendingProductID == product.id { subscription.pendingProductID = nil }
            subscription.signedAt = transaction.signedDate
            try await SubscriptionStore.save(subscription, on: sql)
        }
        return true
    }

    /// Takes back what `transaction` granted (a refund, a revocation).
    func revoke(_ transaction: SignedTransaction, at time: Int64, on sql: any SQLDatabase) async throws {
        guard let stored = try await PurchaseStore.transaction(transaction.transactionId, on: sql), stored.revokedAt == nil else { return }
        try await PurchaseStore.setRevoked(transaction.transactionId, at: time, on: sql)
        guard let product = catalogue.app(stored.bundleID)?.product(stored.productID) else { return }
        switch product.type {
        case .consumable:
            if let hints = product.grants?.hints { try await PurchaseStore.remove(hints * stored.quantity, of: "hints", from: stored.user, in: stored.bundleID, on: sql) }
            if let undos = product.grants?.undos { try await PurchaseStore.remove(undos * stored.quantity, of: "undos", from: stored.user, in: stored.bundleID, on: sql) }
        case .nonConsumable:
            break
        case .autoRenewable:
            if var subscription = try await SubscriptionStore.find(transaction.originalTransactionId, on: sql) {
                subscription.status = .revoked
                subscription.signedAt = max(subscription.signedAt, transaction.signedDate)
                try await SubscriptionStore.save(subscription, on: sql)
            }
        }
    }

    /// A refund reversed: the grant comes back.
    func restore(_ transaction: SignedTransaction, on sql: any SQLDatabase) async throws {
        guard let stored = try await PurchaseStore.transaction(transaction.transactionId, on: sql), stored.revokedAt != nil,
            let app = catalogue.app(stored.bundleID), let product = app.product(stored.productID)
        else { return }
        try await PurchaseStore.setRevoked(transaction.transactionId, at: nil, on: sql)
        if product.type == .consumable {
            if let hints = product.grants?.hints { try await PurchaseStore.add(hints * stored.quantity, of: "hints", to: stored.user, in: stored.bundleID, on: sql) }
            if let undos = product.grants?.undos { try await PurchaseStore.add(undos * stored.quantity, of: "undos", to: stored.user, in: stored.bundleID, on: sql) }
        }
    }

    // MARK: Checks

    func verified<Payload: SignedAtPayload>(_ jws: String, as type: Payload.Type) async throws -> Payload {
        do {
            return try await verifier.verify(jws, as: type)
        } catch {
            throw APIError(.badRequest, code: "invalid_signed_payload", message: "the signed payload cannot be trusted (\(error))")
        }
    }

    /// The app and product of a verified transaction, which must be of an accepted environment.
    func known(_ transaction: SignedTransaction) throws -> (ProductCatalogue.App, ProductCatalogue.Product) {
        guard verifier.environments.contains(transaction.environment) else {
            throw APIError(.badRequest, code: "wrong_environment", message: "this server does not grant \(transaction.environment) purchases")
        }
        guard let app = catalogue.app(transaction.bundleId) else {
            throw APIError(.badRequest, code: "unknown_app", message: "this server sells nothing for \(transaction.bundleId)")
        }
        guard let product = app.product(transaction.productId) else {
            throw APIError(.badRequest, code: "unknown_product", message: "\(transaction.productId) is not in the catalogue of \(transaction.bundleId)")
        }
        return (app, product)
    }

    // MARK: Reading

    package func entitlements(of user: String, bundleID: String) async throws -> Entitlements {
        guard let app = catalogue.app(bundleID) else { throw APIError.notFound("this server sells nothing for \(bundleID)") }
        let time = millis
        return try await database.withConnection { sql in try await Entitlements.read(user: user, app: app, at: time, on: sql) }
    }
}
