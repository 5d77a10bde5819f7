import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Quortex
import Testing

@testable import QuortexFeature

/// The store's states (loading, empty, error, content) and its intents: buying (purchased,
/// pending, cancelled, refused by the server), transactions arriving outside the sheet, restore.
@MainActor
@Suite struct StoreModelTests {
    static let account = "0f9e7c2a-6a3b-4e55-9a51-2c0d3b8e9f10"

    func model(store: StoreClient, purchases: PurchasesClient) -> StoreModel {
        withDependencies {
            $0.storeClient = store
            $0.purchasesClient = purchases
        } operation: { StoreModel(account: Self.account) }
    }

    @Test func beforeLoadingItSaysSoAndOffersNothing() {
        let model = model(store: .unimplemented, purchases: .unimplemented)
        #expect(model.phase == .loading)
        #expect(model.groups.isEmpty)
        #expect(model.balanceText == nil && model.planText == nil)
    }

    @Test func contentGroupsTheCatalogueInOrderWithPricesAndWhatIsOwned() async throws {
        let calls = StoreCalls()
        let owned = StoreEntitlements(
            themeIDs: ["neon", "aurora", "midnight", "sunset"], ownedProductIDs: [StoreFixtures.neon, StoreFixtures.plusMonthly], undos: 3,
            hints: 0, tier: .plus,
            subscription: .init(
                productID: StoreFixtures.plusMonthly, status: .active, expiresAt: Date(timeIntervalSince1970: 1_804_000_000), autoRenew: true))
        let model = model(store: .listing(calls: calls), purchases: .holding(owned, calls: calls))
        await model.load()

        #expect(model.phase == .loaded)
        #expect(model.groups.map(\.title) == ["Themes", "Undos and Hints", "Quortex Plus", "Quortex Pro"])
        #expect(model.groups.map { $0.rows.map(\.title) } == [
            ["Neon", "Classic Wood", "Ocean"], ["5 Undos", "10 Hints"], ["Quortex Plus", "Quortex Plus (Yearly)"],
            ["Quortex Pro", "Quortex Pro (Yearly)"],
        ])
        let rows = model.groups.flatMap(\.rows)
        #expect(!rows.contains { $0.id == "com.quortex.theme.unknown" })
        #expect(rows.map(\.buttonTitle) == ["Owned", "$0.99", "$0.99", "$0.99", "$1.99", "Current Plan", "$24.99 / year", "$4.99 / month", "$39.99 / year"])
        #expect(rows.filter(\.canBuy).map(\.id) == rows.filter { $0.ownership == .buyable }.map(\.id))
        #expect(model.balanceText == "Undos: 3 · Hints: 0")
        #expect(model.planText == "Quortex Plus, renews Mar 2, 2027")
        #expect(model.hasSubscription)
    }

    @Test func proSaysUndosAndHintsAreUnlimited() async {
        let calls = StoreCalls()
        let model = model(store: .listing(calls: calls), purchases: .holding(StoreEntitlements(unlimitedUndosAndHints: true, tier: .pro), calls: calls))
        await model.load()
        #expect(model.balanceText == "Unlimited undos and hints with Quortex Pro")
        #expect(model.planText == "Quortex Pro")
    }

    @Test func anEmptyStorefrontIsEmpty() async {
        let calls = StoreCalls()
        let model = model(store: .listing([], calls: calls), purchases: .holding(.nothing, calls: calls))
        await model.load()
        #expect(model.phase == .empty)
        #expect(model.groups.isEmpty)
        #expect(model.planText == "Free")
    }

    @Test func aFailedLoadShowsTheErrorAndTryAgainLoads() async {
        let calls = StoreCalls()
        let failing = LockIsolated(true)
        var store = StoreClient.listing(calls: calls)
        store.products = { _ throws(ParlorError) in
            if failing.value { throw StoreFixtures.offline }
            return StoreFixtures.products
        }
        let model = model(store: store, purchases: .holding(.nothing, calls: calls))
        await model.load()
        guard case .failed(let error) = model.phase else {
            Issue.record("expected the error, got \(model.phase)")
            return
        }
        #expect(error.title == "No internet connection")
        #expect(error.message == "Check your connection and try again.")
        #expect(error.recovery == .retry)

        failing.setValue(false)
        await model.recover()
        #expect(model.phase == .loaded)
    }

    @Test func aPurchaseIsVerifiedByTheServerThenFinished() async throws {
        let calls = StoreCalls()
        let asked = LockIsolated<[String]>([])
        let store = StoreClient.listing(calls: calls) { id, account throws(ParlorError) in
            asked.withValue { $0.append("\(id) for \(account?.uuidString.lowercased() ?? "nobody")") }
            return .purchased(StoreFixtures.transaction("t1", product: id))
        }
        let purchases = PurchasesClient.holding(.nothing, calls: calls) { _ in
            StoreEntitlements(themeIDs: ["neon"], ownedProductIDs: [StoreFixtures.neon])
        }
        let model = model(store: store, purchases: purchases)
        await model.load()
        await model.buy(StoreFixtures.neon)

        #expect(asked.value == ["\(StoreFixtures.neon) for \(Self.account)"])
        #expect(calls.calls == ["entitlements", "verify jws-t1", "finish t1"])
        #expect(model.notice == .purchased(name: "Neon"))
        #expect(model.notice?.message == "Neon is yours.")
        #expect(model.error == nil)
        #expect(model.buying == nil)
        let neon = try #require(model.groups.first?.rows.first)
        #expect(neon.ownership == .owned && !neon.canBuy)
    }

    @Test func pendingAndCancelledSayWhatHappenedAndGrantNothing() async {
        let calls = StoreCalls()
        let outcomes = LockIsolated<[PurchaseOutcome]>([.pending, .cancelled])
        let store = StoreClient.listing(calls: calls) { _, _ throws(ParlorError) in
            outcomes.withValue { $0.removeFirst() }
        }
        let model = model(store: store, purchases: .holding(.nothing, calls: calls))
        await model.load()

        await model.buy(StoreFixtures.undos)
        #expect(model.notice == .pending)
        #expect(model.notice?.message.contains("waiting for approval") == true)
        await model.buy(StoreFixtures.undos)
        #expect(model.notice == .cancelled)
        #expect(model.notice?.message == "Purchase cancelled. You were not charged.")
        #expect(calls.calls == ["entitlements"])
        model.dismissNotice()
        #expect(model.notice == nil)
    }

    @Test func aTransactionTheServerRefusesIsShownAndNotFinished() async {
        let calls = StoreCalls()
        let store = StoreClient.listing(calls: calls) { id, _ throws(ParlorError) in .purchased(StoreFixtures.transaction("t9", product: id)) }
        let purchases = PurchasesClient.holding(.nothing, calls: calls) { _ throws(ParlorError) in throw StoreFixtures.forged }
        let model = model(store: store, purchases: purchases)
        await model.load()
        await model.buy(StoreFixtures.neon)

        #expect(calls.calls == ["entitlements", "verify jws-t9"])
        #expect(model.notice == nil)
        #expect(model.error?.title == "Check what you entered")
        #expect(model.error?.message.hasPrefix("The signed payload cannot be trusted (not signed by the App Store: untrusted root).") == true)
        // Unfinished, it comes back; offered again, it is verified again.
        await model.buy(StoreFixtures.neon)
        #expect(calls.calls.filter { $0.hasPrefix("verify") }.count == 2)
    }

    @Test func ownedProductsAndASecondTapBuyNothing() async {
        let calls = StoreCalls()
        let model = model(
            store: .listing(calls: calls), purchases: .holding(StoreEntitlements(themeIDs: ["neon"], ownedProductIDs: [StoreFixtures.neon]), calls: calls))
        await model.load()
        // The purchase closure is unset: calling it would fail this test.
        await model.buy(StoreFixtures.neon)
        await model.buy("com.quortex.theme.unknown")
        #expect(model.notice == nil && model.error == nil)
    }

    @Test func transactionsFromOutsideTheSheetAreEachVerifiedOnce() async {
        let calls = StoreCalls()
        var store = StoreClient.listing(calls: calls)
        store.updates = {
            AsyncStream { continuation in
                continuation.yield(StoreFixtures.transaction("a", product: StoreFixtures.undos))
                continuation.yield(StoreFixtures.transaction("a", product: StoreFixtures.undos))
                continuation.yield(StoreFixtures.transaction("b", product: StoreFixtures.plusMonthly))
                continuation.finish()
            }
        }
        let purchases = PurchasesClient.holding(.nothing, calls: calls) { jws in
            jws == "jws-a" ? StoreEntitlements(undos: 5) : StoreEntitlements(undos: 5, tier: .plus)
        }
        let model = model(store: store, purchases: purchases)
        await model.listenForTransactions()

        #expect(calls.calls == ["verify jws-a", "finish a", "verify jws-b", "finish b"])
        #expect(model.entitlements == StoreEntitlements(undos: 5, tier: .plus))
        #expect(model.error == nil)
    }

    @Test func aRefusedUpdateIsShownAndTheNextOneStillArrives() async {
        let calls = StoreCalls()
        var store = StoreClient.listing(calls: calls)
        store.updates = {
            AsyncStream { continuation in
                continuation.yield(StoreFixtures.transaction("bad", product: StoreFixtures.neon))
                continuation.yield(StoreFixtures.transaction("good", product: StoreFixtures.undos))
                continuation.finish()
            }
        }
        let purchases = PurchasesClient.holding(.nothing, calls: calls) { jws throws(ParlorError) in
            if jws == "jws-bad" { throw StoreFixtures.forged }
            return StoreEntitlements(undos: 5)
        }
        let model = model(store: store, purchases: purchases)
        await model.listenForTransactions()
        #expect(calls.calls == ["verify jws-bad", "verify jws-good", "finish good"])
        #expect(model.error?.title == "Check what you entered")
        #expect(model.entitlements?.undos == 5)
    }

    @Test func restoreVerifiesWhatTheAppStoreHoldsThenRereads() async {
        let calls = StoreCalls()
        var store = StoreClient.listing(calls: calls)
        let held = LockIsolated([
            StoreFixtures.transaction("r1", product: StoreFixtures.neon), StoreFixtures.transaction("r2", product: StoreFixtures.plusMonthly),
        ])
        store.restore = { () async throws(ParlorError) -> [SignedStoreTransaction] in
            calls.record("sync")
            return held.value
        }
        let model = model(store: store, purchases: .holding(.nothing, calls: calls) { _ in StoreEntitlements(themeIDs: ["neon"]) })
        await model.restore()
        #expect(calls.calls == ["sync", "verify jws-r1", "finish r1", "verify jws-r2", "finish r2", "entitlements"])
        #expect(model.notice == .restored(count: 2))
        #expect(model.notice?.message == "2 purchases restored.")
        #expect(model.entitlements?.themes == [.standard, .neon])

        held.setValue([])
        await model.restore()
        #expect(model.notice == .nothingToRestore)
    }

    @Test func aFailedRestoreShowsTheError() async {
        let calls = StoreCalls()
        var store = StoreClient.listing(calls: calls)
        store.restore = { () async throws(ParlorError) -> [SignedStoreTransaction] in throw StoreFixtures.offline }
        let model = model(store: store, purchases: .holding(.nothing, calls: calls))
        await model.restore()
        #expect(model.error?.title == "No internet connection")
        #expect(model.notice == nil && !model.isRestoring)
        #expect(model.isShowingError)
        model.isShowingError = false
        #expect(model.error == nil)
    }

    @Test func manageSubscriptionsShowsTheAppStoresSheet() {
        let model = model(store: .unimplemented, purchases: .unimplemented)
        #expect(!model.isManagingSubscriptions)
        model.manageSubscriptions()
        #expect(model.isManagingSubscriptions)
    }
}
