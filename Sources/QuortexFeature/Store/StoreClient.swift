import AppFoundation
import Dependencies
import Foundation
import ParlorClient

/// The App Store on this device (StoreKit 2), as the store screen needs it. The live value is
/// `StoreClient.storeKit` in QuortexUI, which the app installs at launch; where StoreKit does not
/// exist the App Store is unavailable. A transaction is finished only after the server verified it,
/// so one the server never saw comes back through `updates` at the next launch.
public struct StoreClient: Sendable {
    /// The products App Store Connect answers for among `ids`.
    public var products: @Sendable (_ ids: [String]) async throws(ParlorError) -> [StoreProduct]
    /// Shows the App Store's purchase sheet; `account` ties the purchase to the player's account
    /// (`appAccountToken`), which the server checks.
    public var purchase: @Sendable (_ productID: String, _ account: UUID?) async throws(ParlorError) -> PurchaseOutcome
    /// Transactions made outside the purchase sheet: approved Ask to Buy, renewals, other devices,
    /// and those left unfinished last time.
    public var updates: @Sendable () -> AsyncStream<SignedStoreTransaction>
    /// Syncs with the App Store (it may ask the player to sign in), then answers the current
    /// entitlements' transactions.
    public var restore: @Sendable () async throws(ParlorError) -> [SignedStoreTransaction]
    /// Tells the App Store the purchase was delivered.
    public var finish: @Sendable (_ transactionID: String) async -> Void

    public init(
        products: @escaping @Sendable (_ ids: [String]) async throws(ParlorError) -> [StoreProduct],
        purchase: @escaping @Sendable (_ productID: String, _ account: UUID?) async throws(ParlorError) -> PurchaseOutcome,
        updates: @escaping @Sendable () -> AsyncStream<SignedStoreTransaction>,
        restore: @escaping @Sendable () async throws(ParlorError) -> [SignedStoreTransaction],
        finish: @escaping @Sendable (_ transactionID: String) async -> Void
    ) {
        self.products = products
        self.purchase = purchase
        self.updates = updates
        self.restore = restore
        self.finish = finish
    }
}

extension StoreClient {
    /// Where there is no App Store (Linux, the terminal): nothing to list, nothing to buy.
    public static let unavailable = StoreClient(
        products: { _ throws(ParlorError) in throw unavailableError },
        purchase: { _, _ throws(ParlorError) in throw unavailableError },
        updates: { AsyncStream { $0.finish() } },
        restore: { () async throws(ParlorError) -> [SignedStoreTransaction] in throw unavailableError },
        finish: { _ in })

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = StoreClient(
        products: { _ throws(ParlorError) in throw Unimplemented.call("StoreClient.products") },
        purchase: { _, _ throws(ParlorError) in throw Unimplemented.call("StoreClient.purchase") },
        updates: { AsyncStream { $0.finish() } },
        restore: { () async throws(ParlorError) -> [SignedStoreTransaction] in throw Unimplemented.call("StoreClient.restore") },
        finish: { _ in _ = Unimplemented.call("StoreClient.finish") })

    static let unavailableError = ParlorError(
        kind: .forbidden, code: "app_store_unavailable", message: "the App Store is not available on this device")
}

extension StoreClient: DependencyKey {
    public static var liveValue: StoreClient { .unavailable }
    public static var testValue: StoreClient { .unimplemented }
}

extension DependencyValues {
    public var storeClient: StoreClient {
        get { self[StoreClient.self] }
        set { self[StoreClient.self] = newValue }
    }
}
