import Foundation
import GameCore
import ParlorPurchases
import ParlorServer
import ParlorTestSupport

/// ``withLiveParlorServer(games:configure:_:)`` whose purchases trust `appStore`'s root instead of
/// Apple's and grant Sandbox purchases only, so a test can buy with transactions the fake App Store signs.
public func withLiveParlorServer(
    games: GameRegistry, appStore: FakeAppStore, _ body: @escaping @Sendable @MainActor (URL) async throws -> Void
) async throws {
    try await withLiveParlorServer(
        games: games,
        configure: { services in
            let standard = PurchasesConfiguration()
            services.purchases = PurchasesConfiguration(catalogue: standard.catalogue, rootPEM: appStore.rootPEM, environments: ["Sandbox"])
        }, body)
}
