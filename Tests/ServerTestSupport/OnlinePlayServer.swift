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
import TestSupport

/// A real server on a loopback port, with guests signing in over HTTP (and playing over `/ws`).
public struct OnlinePlayServer: Sendable {
    public let client: any TestClientProtocol
    public let database: Database

    public typealias Guest = LiveGuest

    public init(_ server: TestServer) {
        client = server.client
        database = server.database
    }

    /// The server's base URL on its ephemeral port.
    public func url() throws -> URL {
        guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw TestSetupError("no port") }
        return url
    }

    public func guest() async throws -> Guest { try await client.signInGuest() }

    /// A JSON call as `guest`; the status and the decoded body.
    public func call(_ method: HTTPRequest.Method, _ uri: String, as guest: Guest, body: String? = nil) async throws -> (status: Int, json: [String: Any]) {
        try await client.call(method, uri, as: guest, body: body)
    }

    /// Creates a game as `players[0]` and seats the others by invite code; returns its id.
    public func table(game: String, players: [Guest], mode: String, extra: String = "") async throws -> UUID {
        try await openTable(game: game, players: players, nodes: [self], mode: mode, extra: extra)
    }

    /// An admin signed in over HTTP (admins are made on the database, as `parlor admin` does).
    public func admin() async throws -> Guest { try await staff(.admin) }

    /// A staff member with `role` signed in over HTTP, made on the database as `parlor admin create --role` does.
    public func staff(_ role: StaffRole) async throws -> Guest {
        let name = "\(role.rawValue)_\(UUID().uuidString.prefix(8).lowercased())"
        guard case .created = try await AdminAccounts.create(username: name, password: "admin password 123", role: role, in: database, bcryptCost: 4) else {
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

    /// Plays one legal move for whoever's turn it is in a turn-based Quortex game; returns the mover.
    @discardableResult
    public func playTurn(_ game: UUID, guests: [Guest], random: inout GameRandom) async throws -> Guest? {
        let id = game.uuidString.lowercased()
        let current = try await call(.get, "/games/\(id)", as: guests[0])
        guard current.json["status"] as? String == "active", let turn = (current.json["current_seats"] as? [Int])?.first,
            let mover = (current.json["seats"] as? [[String: Any]])?.first(where: { $0["seat"] as? Int == turn })?["user"] as? String,
            let player = guests.first(where: { $0.user == mover })
        else { return nil }
        let mine = try await call(.get, "/games/\(id)", as: player)
        let view = try GameJSON.decoder().decode(QuortexView.self, from: try JSONSerialization.data(withJSONObject: mine.json["view"] ?? [:]))
        guard let placement = RandomBot().choosePlacement(in: view.position, random: &random) else { return nil }
        let action = String(decoding: try JSONEncoder().encode(QuortexAction.place(placement)), as: UTF8.self)
        let moved = try await call(.post, "/games/\(id)/moves", as: player, body: #"{"move_id":"\#(UUID().uuidString)","action":\#(action)}"#)
        guard moved.status == 200 else { throw TestSetupError("move failed: \(moved)") }
        return player
    }
}

/// Runs `body` against a real Parlor application over loopback sockets (``ServerOptions/onlinePlay(kind:timerInterval:fakes:appStore:_:)``).
public func withOnlinePlayServer(
    kind: TestDatabaseKind = .sqlite, timerInterval: Duration = .milliseconds(50),
    configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Void
) async throws {
    try await withServer(.onlinePlay(kind: kind, timerInterval: timerInterval, configure)) { try await body(OnlinePlayServer($0)) }
}

/// A node on its own connection pool to `location`, with its own event bus and timer loop, as a
/// separate `parlor serve` process would run; `location` must be migrated.
public func withOnlinePlayNode<Result: Sendable>(
    at location: DatabaseLocation, timerInterval: Duration = .milliseconds(50),
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Result
) async throws -> Result {
    var options = ServerOptions.onlinePlay(timerInterval: timerInterval)
    options.location = location
    return try await withServer(options) { try await body(OnlinePlayServer($0)) }
}

/// A fresh, migrated PostgreSQL database for nodes to share.
public func withSharedPostgres(_ body: @escaping @Sendable (DatabaseLocation) async throws -> Void) async throws {
    try await TestDatabaseKind.postgres.withFreshLocation(migratedTo: ParlorMigrations.all) { location in try await body(location) }
}

/// Creates a game as `players[0]` and seats the others by invite code, player `i` calling
/// `nodes[i % nodes.count]`; returns its id.
public func openTable(
    game: String, players: [OnlinePlayServer.Guest], nodes: [OnlinePlayServer], mode: String, extra: String = ""
) async throws -> UUID {
    let created = try await nodes[0].call(.post, "/games", as: players[0], body: #"{"game_type":"\#(game)","players":\#(players.count),"mode":"\#(mode)"\#(extra)}"#)
    guard created.status == 201, let id = (created.json["id"] as? String).flatMap(UUID.init(uuidString:)),
        let code = created.json["invite_code"] as? String
    else { throw TestSetupError("create failed: \(created)") }
    for (index, player) in players.enumerated().dropFirst() {
        let joined = try await nodes[index % nodes.count].call(.post, "/games/join", as: player, body: #"{"code":"\#(code.lowercased())"}"#)
        guard joined.status == 200 else { throw TestSetupError("join failed: \(joined)") }
    }
    return id
}
