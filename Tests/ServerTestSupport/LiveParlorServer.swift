import Foundation
import GameCore
import Hummingbird
import HummingbirdTesting
import ParlorDatabase
import ParlorServer
import ParlorTestSupport

/// The real Parlor application on an ephemeral port over a fresh SQLite database, playing
/// `games`, for tests that drive a client against the real thing; `body` gets the server's URL.
/// `configure` changes the standard services first (a fake App Store's root, say).
public func withLiveParlorServer(
    games: GameRegistry, configure: (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable @MainActor (URL) async throws -> Void
) async throws {
    try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
        let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
        guard let publicURL = URL(string: "http://127.0.0.1:8080") else { throw LiveServerError.noURL }
        var services = ParlorServices.standard(games: games, publicURL: publicURL, mailDirectory: mail, logger: .quiet)
        configure(&services)
        let app = try await ParlorApplication.build(
            configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
        try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw LiveServerError.noURL }
            try await body(url)
        }
    }
}

enum LiveServerError: Error {
    case noURL
}
