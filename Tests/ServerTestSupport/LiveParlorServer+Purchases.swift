import Foundation
import GameCore
import Hummingbird
import HummingbirdTesting
import ParlorDatabase
import ParlorPurchases
import ParlorServer
import ParlorTestSupport

/// ``withLiveParlorServer(games:_:)`` whose purchases trust `appStore`'s root instead of Apple's
/// and grant Sandbox purchases only, so a test can buy with transactions the fake App Store signs.
public func withLiveParlorServer(
    games: GameRegistry, appStore: FakeAppStore, _ body: @escaping @Sendable @MainActor (URL) async throws -> Void
) async throws {
    try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
        let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
        guard let publicURL = URL(string: "http://127.0.0.1:8080") else { throw LiveServerError.noURL }
        var services = ParlorServices.standard(games: games, publicURL: publicURL, mailDirectory: mail, logger: .quiet)
        let standard = PurchasesConfiguration()
        services.purchases = PurchasesConfiguration(catalogue: standard.catalogue, rootPEM: appStore.rootPEM, environments: ["Sandbox"])
        let app = try await ParlorApplication.build(
            configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
        try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw LiveServerError.noURL }
            try await body(url)
        }
    }
}
