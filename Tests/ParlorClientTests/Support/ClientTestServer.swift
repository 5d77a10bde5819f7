import CrazyEights
import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import Quortex
import ServerTestSupport

/// A real server on a loopback port, for the SDK to talk to over HTTP and `/ws`; guests can also
/// be made and called without the SDK, to set a scene the SDK then meets.
struct OnlinePlayServer: Sendable {
    let client: any TestClientProtocol
    let database: Database

    typealias Guest = LiveGuest

    /// The server's base URL on its ephemeral port.
    func url() throws -> URL {
        guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw TestSetupError("no port") }
        return url
    }

    func guest() async throws -> Guest { try await client.signInGuest() }

    /// A JSON call as `guest`; the status and the decoded body.
    func call(_ method: HTTPRequest.Method, _ uri: String, as guest: Guest, body: String? = nil) async throws -> (status: Int, json: [String: Any]) {
        try await client.call(method, uri, as: guest, body: body)
    }

    /// Creates a game as `players[0]` and seats the others by invite code; returns its id.
    func table(game: String, players: [Guest], mode: String) async throws -> UUID {
        let created = try await call(.post, "/games", as: players[0], body: #"{"game_type":"\#(game)","players":\#(players.count),"mode":"\#(mode)"}"#)
        guard created.status == 201, let id = (created.json["id"] as? String).flatMap(UUID.init(uuidString:)),
            let code = created.json["invite_code"] as? String
        else { throw TestSetupError("create failed: \(created)") }
        for player in players.dropFirst() {
            let joined = try await call(.post, "/games/join", as: player, body: #"{"code":"\#(code.lowercased())"}"#)
            guard joined.status == 200 else { throw TestSetupError("join failed: \(joined)") }
        }
        return id
    }

    /// An admin signed in over HTTP (admins are made on the database, as `parlor admin` does).
    func admin() async throws -> Guest {
        let name = "admin_\(UUID().uuidString.prefix(8).lowercased())"
        guard case .created = try await AdminAccounts.create(username: name, password: "admin password 123", in: database, bcryptCost: 4) else {
            throw TestSetupError("the admin was not created")
        }
        let response = try await client.executeRequest(
            uri: "/auth/login", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"login":"\#(name)","password":"admin password 123"}"#))
        let json = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        guard let token = json?["access_token"] as? String, let user = (json?["user"] as? [String: Any])?["id"] as? String else {
            throw TestSetupError("admin sign-in failed: \(response.status)")
        }
        return Guest(token: token, user: user)
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` against the real Parlor application over loopback sockets, on a fresh database.
func withOnlinePlayServer(
    kind: TestDatabaseKind = .sqlite, configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Void
) async throws {
    try await kind.withDatabase(migrated: true) { database in
        guard let publicURL = URL(string: "http://127.0.0.1:8080") else { throw TestSetupError("no public URL") }
        var accounts = AccountsConfiguration(publicURL: publicURL)
        // Cheap hashing, and no limit on a test's many quick sign-ins.
        accounts.bcryptCost = 4
        accounts.rateLimits = .off
        let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
        var services = ParlorServices(
            games: GameRegistry([Quortex.self, CrazyEights.self]), accounts: accounts, mailer: FileMailer(directory: mail, logger: .quiet))
        services.turnTimerInterval = .milliseconds(50)
        services.readinessTimeout = .seconds(30)
        configure(&services)
        let app = try await ParlorApplication.build(configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
        try await app.test(.live) { client in try await body(OnlinePlayServer(client: client, database: database)) }
    }
}
