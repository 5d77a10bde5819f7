import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat
@testable import ParlorHTTP
import ParlorServer
import ParlorTestSupport
import ServerTestSupport

/// Starts the real application on an ephemeral port over a fresh database and runs `body` with an
/// HTTP client connected to it.
func withLiveServer(
    kind: TestDatabaseKind = .sqlite,
    migrated: Bool = true,
    configuration: ServerConfiguration = ServerConfiguration(port: 0),
    additionalRoutes: @escaping @Sendable (RouteRegistrar) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    try await withServer(ServerOptions(kind: kind, migrated: migrated, configuration: configuration, additionalRoutes: additionalRoutes)) { try await body($0.client) }
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
