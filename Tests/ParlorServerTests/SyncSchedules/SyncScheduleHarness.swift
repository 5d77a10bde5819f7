import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import ParlorAccounts
import ParlorClient
@testable import ParlorHTTP
@testable import ParlorMiniApps
@testable import ParlorPlay
@testable import ParlorRealtime
import ParlorServer
@testable import ParlorSync
import ParlorTestSupport
import ServerTestSupport
import StatsSync

/// A Parlor server for sync tests, reached through the generated client.
struct SyncServer: Sendable {
    let client: any TestClientProtocol

    var transport: TestClientTransport { TestClientTransport(client: client) }

    /// A new guest player's access token: every schedule plays as its own user.
    func newPlayer() async throws -> String {
        let body = ByteBuffer(string: #"{"device_id":"\#(UUID().uuidString)"}"#)
        let response = try await client.executeRequest(
            uri: "/auth/guest", method: .post, headers: [.contentType: "application/json"], body: body)
        let json = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        guard let token = json?["access_token"] as? String else { throw TestSetupError("guest sign-in failed: \(response.status)") }
        return token
    }

    func provider(token: String, pageSize: Int = 1000) -> ParlorStatsProvider {
        ParlorStatsProvider(
            serverURL: URL(fileURLWithPath: "/"), transport: transport, pageSize: pageSize, accessToken: { token })
    }

    /// The server's own projection of the player's events, decoded with StatsSync's coding.
    func summary(token: String, today: PuzzleDate) async throws -> (stats: PuzzleStats, settings: [String: String], count: Int) {
        let response = try await client.executeRequest(
            uri: "/sync/summary?today=\(today)", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
        struct Summary: Decodable {
            var stats: PuzzleStats
            var settings: [String: String]
            var eventCount: Int
            enum CodingKeys: String, CodingKey { case stats, settings, eventCount = "event_count" }
        }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(response.body.readableBytesView))
        return (summary.stats, summary.settings, summary.eventCount)
    }
}

/// Runs `body` against a real Parlor application on `kind`: in process through the router
/// (`.router`, fast enough for thousands of schedules) or over loopback sockets (`.live`).
func withSyncServer(
    kind: TestDatabaseKind = .sqlite, mode: TestingSetup = .router, _ body: @escaping @Sendable (SyncServer) async throws -> Void
) async throws {
    try await kind.withDatabase(migrated: true) { database in
        let services = ParlorServices.forTests(now: Date.init) { $0.rateLimits = .off }
        let app = try await ParlorApplication.build(
            configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
        try await app.test(mode) { client in try await body(SyncServer(client: client)) }
    }
}
