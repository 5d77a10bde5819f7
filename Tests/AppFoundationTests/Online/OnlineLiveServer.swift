import CrazyEights
import Foundation
import GameCore
import Hummingbird
import HummingbirdTesting
import Logging
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

/// The real Parlor application on an ephemeral port over a fresh SQLite database, for the online
/// flow's tests against the real thing; `body` gets its URL.
func withOnlineServer(_ body: @escaping @Sendable @MainActor (URL) async throws -> Void) async throws {
    try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
        let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
        let publicURL = try #require(URL(string: "http://127.0.0.1:8080"))
        let app = try await ParlorApplication.build(
            configuration: ServerConfiguration(port: 0), database: database,
            services: .standard(games: GameRegistry([Quortex.self, CrazyEights.self]), publicURL: publicURL, mailDirectory: mail, logger: .quiet),
            logger: .quiet)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
        }
    }
}
