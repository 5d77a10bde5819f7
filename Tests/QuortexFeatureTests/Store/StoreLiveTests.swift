import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

@testable import QuortexFeature

/// The store against the real server, with transactions signed by a fake App Store whose root the
/// server pins: a theme bought is verified, listed as owned and offered in the settings; an undo
/// pack adds five undos; a transaction signed by anyone else is refused with the server's reason.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct StoreLiveTests {
    /// The App Store's sheet, always bought: each purchase a new transaction signed by `appStore`
    /// for the account the model passes, as StoreKit would.
    /// The store model over the real server, paying through `appStore`, loaded.
    static func loadedStore(_ client: ParlorClient, account: String, appStore: FakeAppStore) async -> StoreModel {
        let store = withDependencies {
            $0.storeClient = Self.appStore(appStore)
            $0.purchasesClient = .live(client)
        } operation: { StoreModel(account: account) }
        await store.load()
        return store
    }

    static func appStore(_ appStore: FakeAppStore) -> StoreClient {
        StoreClient(
            products: { _ throws(ParlorError) in StoreFixtures.products },
            purchase: { id, account throws(ParlorError) in
                let type = StoreFixtures.products.first { $0.id == id }?.kind == .consumable ? "Consumable" : "Non-Consumable"
                let transactionID = UUID().uuidString
                do {
                    let jws = try appStore.sign(
                        FakeAppStore.transaction(id: transactionID, product: id, type: type, user: account?.uuidString.lowercased()))
                    return .purchased(SignedStoreTransaction(id: transactionID, productID: id, jws: jws))
                } catch {
                    throw ParlorError(kind: .unexpectedResponse, code: "signing_failed", message: "\(error)")
                }
            },
            updates: { AsyncStream { $0.finish() } },
            restore: { () async throws(ParlorError) -> [SignedStoreTransaction] in [] },
            finish: { _ in })
    }

    static func signedIn(_ url: URL) async throws -> (ParlorClient, String) {
        let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
        let user = try await client.signIn(.guest(deviceID: UUID().uuidString))
        return (client, user.id)
    }

    @Test func aThemeBoughtIsVerifiedOwnedAndOfferedInTheSettings() async throws {
        let appStore = try FakeAppStore()
        try await withLiveParlorServer(games: GameRegistry([Quortex.self]), appStore: appStore) { url in
            let (client, account) = try await Self.signedIn(url)
            let store = await Self.loadedStore(client, account: account, appStore: appStore)
            #expect(store.phase == .loaded)
            #expect(store.entitlements == StoreEntitlements.nothing)
            #expect(store.planText == "Free")

            await store.buy(StoreFixtures.neon)
            #expect(store.error == nil, "\(String(describing: store.error))")
            #expect(store.notice == .purchased(name: "Neon"))
            #expect(store.entitlements?.themes == [.standard, .neon])
            #expect(store.groups.first?.rows.first { $0.id == StoreFixtures.neon }?.ownership == .owned)

            // The settings, reading the server afresh, offer it; the themes not bought stay locked.
            let session = withDependencies { $0.sessionClient = .live(client) } operation: { SessionModel(brand: .quortex) }
            let preferences = AppPreferences.memory()
            let settings = withDependencies {
                $0.purchasesClient = .live(client)
                $0.settingsClient = .live(client)
                $0.appPreferences = preferences
            } operation: { SettingsModel(session: session) }
            await settings.load()
            #expect(settings.themeOptions.filter(\.isOwned).map(\.theme) == [.standard, .neon])
            settings.chooseTheme(.neon)
            #expect(settings.theme == .neon)
            #expect(preferences.load().theme == .neon)
            settings.chooseTheme(.ocean)
            #expect(settings.storeRequested)
            #expect(settings.theme == .neon)
        }
    }

    @Test func anUndoPackAddsFiveUndos() async throws {
        let appStore = try FakeAppStore()
        try await withLiveParlorServer(games: GameRegistry([Quortex.self]), appStore: appStore) { url in
            let (client, account) = try await Self.signedIn(url)
            let store = await Self.loadedStore(client, account: account, appStore: appStore)
            #expect(store.balanceText == "Undos: 0 · Hints: 0")
            await store.buy(StoreFixtures.undos)
            #expect(store.error == nil, "\(String(describing: store.error))")
            #expect(store.entitlements?.undos == 5)
            #expect(store.balanceText == "Undos: 5 · Hints: 0")
            // A pack can be bought again.
            #expect(store.groups.flatMap(\.rows).first { $0.id == StoreFixtures.undos }?.canBuy == true)
        }
    }

    @Test func aTransactionNotSignedByTheAppStoreIsRefusedWithTheReason() async throws {
        let appStore = try FakeAppStore()
        let forger = try FakeAppStore()
        try await withLiveParlorServer(games: GameRegistry([Quortex.self]), appStore: appStore) { url in
            let (client, account) = try await Self.signedIn(url)
            let store = await Self.loadedStore(client, account: account, appStore: forger)
            await store.buy(StoreFixtures.neon)
            let error = try #require(store.error)
            #expect(error.title == "Check what you entered")
            #expect(error.message.hasPrefix("The signed payload cannot be trusted (not signed by the App Store"), "\(error.message)")
            #expect(store.notice == nil)
            #expect(store.entitlements == StoreEntitlements.nothing)
        }
    }

    @Test func aTransactionMadeForAnotherAccountIsRefused() async throws {
        let appStore = try FakeAppStore()
        try await withLiveParlorServer(games: GameRegistry([Quortex.self]), appStore: appStore) { url in
            let (client, _) = try await Self.signedIn(url)
            let store = withDependencies {
                $0.storeClient = Self.appStore(appStore)
                $0.purchasesClient = .live(client)
            } operation: { StoreModel(account: UUID().uuidString) }
            await store.load()
            await store.buy(StoreFixtures.neon)
            #expect(store.error?.title == "Not allowed")
            #expect(store.error?.message.hasPrefix("This purchase was made for another account.") == true, "\(String(describing: store.error))")
            #expect(store.entitlements?.themes == [.standard])
        }
    }
}
