import CrazyEights
import Foundation
import GameCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
@testable import ParlorAccounts
import ParlorDatabase
@testable import ParlorHTTP
@testable import ParlorMiniApps
@testable import ParlorPlay
@testable import ParlorRealtime
import ParlorServer
@testable import ParlorSync
import ParlorTestSupport
import Quortex
import ServerTestSupport

/// Starts the real application on an ephemeral port over a fresh database and runs `body` with an
/// HTTP client connected to it.
func withLiveServer(
    kind: TestDatabaseKind = .sqlite,
    migrated: Bool = true,
    configuration: ServerConfiguration = ServerConfiguration(port: 0),
    additionalRoutes: @escaping (RouteRegistrar) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    try await kind.withDatabase(migrated: migrated) { database in
        let app = try await ParlorApplication.build(
            configuration: configuration, database: database, services: .forTests(), logger: .quiet, additionalRoutes: additionalRoutes
        )
        try await app.test(.live) { client in try await body(client) }
    }
}

/// The error envelope, decoded strictly: both fields must be there.
func decodeEnvelope(_ body: ByteBuffer) throws -> ErrorEnvelope {
    try JSONDecoder().decode(ErrorEnvelope.self, from: Data(buffer: body))
}

func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A fixture route with a JSON body, for the request-decoding error paths.
struct Move: Codable, Sendable {
    var tile: Int
    var rotation: Int
}

func moveRoute(_ routes: RouteRegistrar) {
    routes.on("/test/moves", method: .post) { request, context in
        let move = try await request.decode(as: Move.self, context: context)
        return try Response(status: .created, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: JSONEncoder().encode(move))))
    }
    routes.on("/test/crash", method: .get) { _, _ in
        struct SecretFailure: Error { let detail = "db password is hunter2" }
        throw SecretFailure()
    }
}

extension ParlorServices {
    /// Fast password hashing, mail into a throwaway folder, and whatever else a test changes.
    static func forTests(
        mailDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)"),
        now: @escaping @Sendable () -> Date = Date.init,
        _ adjust: (inout AccountsConfiguration) -> Void = { _ in }
    ) -> ParlorServices {
        var accounts = AccountsConfiguration(publicURL: URL(string: "http://127.0.0.1:8080")!)
        accounts.bcryptCost = 4
        adjust(&accounts)
        var services = ParlorServices(
            games: GameRegistry([Quortex.self, CrazyEights.self]), accounts: accounts, mailer: FileMailer(directory: mailDirectory, logger: .quiet),
            now: now)
        // A bound on a hang: beside the CPU-bound suites, CI has seen an idle SQLite answer `/ready`'s ping after more than 2 s.
        services.readinessTimeout = .seconds(30)
        return services
    }
}
