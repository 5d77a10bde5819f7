import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import ParlorClient
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import TestSupport

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
    try await withServer(ServerOptions(kind: kind, mode: mode, accounts: { $0.rateLimits = .off })) { try await body(SyncServer(client: $0.client)) }
}
