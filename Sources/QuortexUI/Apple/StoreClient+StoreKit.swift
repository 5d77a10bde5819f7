#if canImport(StoreKit)
import AppFoundation
import Foundation
import ParlorClient
import QuortexFeature
import StoreKit

extension StoreClient {
    /// The App Store through StoreKit 2; the app installs it at launch
    /// (`prepareDependencies { $0.storeClient = .storeKit }`). Every signed transaction goes to the
    /// server, which checks Apple's signature itself, so the device's own verification verdict is
    /// not a gate here; a transaction is finished only when the model says the server verified it.
    public static var storeKit: StoreClient {
        let unfinished = UnfinishedTransactions()
        return StoreClient(
            products: { ids throws(ParlorError) in
                try await storeKitCall { try await Product.products(for: ids) }.map(StoreProduct.init)
            },
            purchase: { id, account throws(ParlorError) in
                guard let product = try await storeKitCall({ try await Product.products(for: [id]) }).first else {
                    throw ParlorError(
                        kind: .notFound, code: "unknown_product", message: "the App Store does not sell \(id) in this storefront")
                }
                let options: Set<Product.PurchaseOption> = account.map { [.appAccountToken($0)] } ?? []
                let result = try await storeKitCall { try await product.purchase(options: options) }
                // `if case` rather than a switch: StoreKit may add outcomes, and any other reads as not bought.
                if case .success(let verification) = result { return .purchased(await unfinished.keep(verification)) }
                if case .pending = result { return .pending }
                return .cancelled
            },
            updates: {
                AsyncStream { continuation in
                    let task = Task {
                        for await verification in Transaction.updates { continuation.yield(await unfinished.keep(verification)) }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            },
            restore: { () async throws(ParlorError) -> [SignedStoreTransaction] in
                try await storeKitCall { try await AppStore.sync() }
                var signed: [SignedStoreTransaction] = []
                for await verification in Transaction.currentEntitlements { signed.append(await unfinished.keep(verification)) }
                return signed
            },
            finish: { id in await unfinished.finish(id) })
    }
}

/// The transactions handed to the server and not finished yet, by id, so `finish` can reach the
/// StoreKit value once the server has verified it.
actor UnfinishedTransactions {
    private var waiting: [String: Transaction] = [:]

    func keep(_ verification: VerificationResult<Transaction>) -> SignedStoreTransaction {
        let transaction = verification.unsafePayloadValue
        let id = String(transaction.id)
        waiting[id] = transaction
        return SignedStoreTransaction(id: id, productID: transaction.productID, jws: verification.jwsRepresentation)
    }

    func finish(_ id: String) async {
        guard let transaction = waiting.removeValue(forKey: id) else { return }
        await transaction.finish()
    }
}

extension StoreProduct {
    init(_ product: Product) {
        let kind: Kind =
            product.type == .consumable ? .consumable : product.type == .autoRenewable ? .autoRenewable : .nonConsumable
        let unit = product.subscription?.subscriptionPeriod.unit
        let period: Period? = unit == .year ? .year : unit == .month ? .month : nil
        self.init(
            id: product.id, displayName: product.displayName, description: product.description, priceText: product.displayPrice, kind: kind,
            period: period)
    }
}

/// A StoreKit call whose failure reads as every other failure does: no connection as such, the
/// rest as the App Store's trouble.
private func storeKitCall<Result>(_ call: () async throws -> Result) async throws(ParlorError) -> Result {
    do {
        return try await call()
    } catch let error as StoreKitError {
        if case .networkError = error {
            throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the App Store cannot be reached")
        }
        throw ParlorError(kind: .unexpectedResponse, code: "app_store", message: "the App Store answered: \(error)")
    } catch {
        throw ParlorError(kind: .unexpectedResponse, code: "app_store", message: "the App Store answered: \(error)")
    }
}
#endif
