import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// The store: Quortex's products from the App Store, grouped as the catalogue groups them, with
/// what the server says the player owns. A purchase's signed transaction goes to the server,
/// which verifies it and grants; only then is it finished with the App Store, so a purchase the
/// server never saw comes back at the next launch (`listenForTransactions`). One purchase at a time.
@MainActor @Observable
public final class StoreModel {
    public enum Phase: Equatable, Sendable {
        case loading
        case failed(ErrorPresentation)
        /// The App Store answered for none of the products.
        case empty
        case loaded
    }

    public private(set) var products: [StoreProduct] = []
    /// Nil until the server answered.
    public private(set) var entitlements: StoreEntitlements?
    /// A purchase, restore or verification that failed; the list stays.
    public private(set) var error: ErrorPresentation?
    public private(set) var notice: StoreNotice?
    /// The product whose purchase sheet is up or whose transaction the server is verifying.
    public private(set) var buying: String?
    public private(set) var isRestoring = false
    /// Bound to the App Store's manage-subscriptions sheet.
    public var isManagingSubscriptions = false

    private var loading = false
    /// Whether the App Store has answered once: until then an empty list is not "nothing for sale".
    private var loaded = false
    private var loadError: ErrorPresentation?
    private let account: UUID?
    @ObservationIgnored @Dependency(\.storeClient) private var store
    @ObservationIgnored @Dependency(\.purchasesClient) private var purchases
    /// Transactions the server has verified, or is verifying, in this run: each goes to it once.
    @ObservationIgnored private var delivered: Set<String> = []

    /// `account` is the signed-in player's id: purchases carry it, and the server refuses a
    /// transaction made for another account.
    public init(account: String?) {
        self.account = account.flatMap(UUID.init(uuidString:))
    }

    // MARK: Derived state

    public var phase: Phase {
        if let loadError { return .failed(loadError) }
        if !loaded { return .loading }
        return products.isEmpty ? .empty : .loaded
    }

    public var isBusy: Bool { buying != nil || isRestoring }

    /// Bound to the error's alert: dismissing it clears the error.
    public var isShowingError: Bool {
        get { error != nil }
        set { if !newValue { error = nil } }
    }

    /// The products by group, in the catalogue's order; a group the App Store offers nothing of is left out.
    public var groups: [StoreGroup] {
        QuortexCatalogue.Section.allCases.compactMap { section in
            let rows = QuortexCatalogue.items.filter { $0.section == section }.compactMap { item in
                products.first { $0.id == item.id }.map { row($0, item: item) }
            }
            return rows.isEmpty ? nil : StoreGroup(section: section, rows: rows)
        }
    }

    /// `Undos: 5 · Hints: 10`, or that Pro makes them unlimited.
    public var balanceText: String? {
        guard let entitlements else { return nil }
        if entitlements.unlimitedUndosAndHints { return "Unlimited undos and hints with Quortex Pro" }
        return "Undos: \(entitlements.undos) · Hints: \(entitlements.hints)"
    }

    /// The plan in force: `Free`, `Quortex Plus, renews Mar 3, 2027`.
    public var planText: String? {
        guard let entitlements else { return nil }
        guard let tier = entitlements.tier else { return "Free" }
        guard let subscription = entitlements.subscription, subscription.status.isInForce, let expires = subscription.expiresAt else {
            return tier.title
        }
        let date = expires.formatted(.dateTime.year().month(.abbreviated).day().locale(Locale(identifier: "en_US_POSIX")))
        return "\(tier.title), \(subscription.autoRenew ? "renews" : "ends") \(date)"
    }

    /// Whether a subscription exists to manage (in force or not).
    public var hasSubscription: Bool { entitlements?.subscription != nil }

    // MARK: Intents

    /// Lists the products and reads what the player owns.
    public func load() async {
        guard !loading else { return }
        loading = true
        defer { loading = false }
        loadError = nil
        let purchases = self.purchases
        do {
            async let owned = purchases.entitlements()
            let listed = try await store.products(QuortexCatalogue.productIDs)
            entitlements = try await owned
            products = listed
            loaded = true
        } catch {
            loadError = ErrorPresentation(ParlorError(error))
        }
    }

    /// Buys a product: the App Store's sheet, then the server's verification.
    public func buy(_ productID: String) async {
        guard !isBusy, groups.lazy.flatMap(\.rows).first(where: { $0.id == productID })?.canBuy == true else { return }
        buying = productID
        defer { buying = nil }
        error = nil
        notice = nil
        do {
            switch try await store.purchase(productID, account) {
            case .purchased(let transaction):
                try await deliver(transaction)
                notice = .purchased(name: products.first { $0.id == transaction.productID }?.displayName ?? transaction.productID)
            case .pending:
                notice = .pending
            case .cancelled:
                notice = .cancelled
            }
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    /// Hands each transaction the App Store reports outside a purchase sheet to the server, for as
    /// long as the calling task lives; the app starts it at launch.
    public func listenForTransactions() async {
        for await transaction in store.updates() {
            do {
                try await deliver(transaction)
            } catch {
                self.error = ErrorPresentation(error)
            }
        }
    }

    /// Syncs with the App Store and has the server verify what it answers, then re-reads what the
    /// player owns.
    public func restore() async {
        guard !isBusy else { return }
        isRestoring = true
        defer { isRestoring = false }
        error = nil
        notice = nil
        do {
            let transactions = try await store.restore()
            for transaction in transactions { try await deliver(transaction) }
            entitlements = try await purchases.entitlements()
            notice = transactions.isEmpty ? .nothingToRestore : .restored(count: transactions.count)
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    public func manageSubscriptions() {
        isManagingSubscriptions = true
    }

    public func dismissError() { error = nil }

    public func dismissNotice() { notice = nil }

    /// What the error's recovery button does: every recovery the store offers reads again.
    public func recover() async {
        guard error != nil || loadError != nil else { return }
        error = nil
        await load()
    }

    // MARK: Delivery

    /// The server verifies and grants; then the App Store is told it was delivered. A failed
    /// verification leaves the transaction unfinished, so the App Store offers it again.
    private func deliver(_ transaction: SignedStoreTransaction) async throws(ParlorError) {
        guard delivered.insert(transaction.id).inserted else { return }
        do {
            entitlements = try await purchases.verify(transaction.jws).entitlements
        } catch {
            delivered.remove(transaction.id)
            throw error
        }
        await store.finish(transaction.id)
    }

    private func row(_ product: StoreProduct, item: QuortexCatalogue.Item) -> StoreRow {
        let ownership: StoreRow.Ownership
        switch product.kind {
        case .nonConsumable:
            let bought = entitlements?.ownedProductIDs.contains(product.id) == true
            let themeOwned = item.theme.map { entitlements?.owns($0) == true } == true
            ownership = bought || themeOwned ? .owned : .buyable
        case .autoRenewable:
            let current = entitlements?.subscription.map { $0.productID == product.id && $0.status.isInForce } == true
            ownership = current ? .currentPlan : .buyable
        case .consumable:
            ownership = .buyable
        }
        let price = product.period.map { "\(product.priceText) \($0.perText)" } ?? product.priceText
        return StoreRow(
            id: product.id, title: product.displayName, detail: product.description, priceText: price, ownership: ownership,
            isBuying: buying == product.id, canBuy: ownership == .buyable && entitlements != nil && !isBusy)
    }
}
