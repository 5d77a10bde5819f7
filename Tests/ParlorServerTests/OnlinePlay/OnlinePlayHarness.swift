import Foundation
import GameCore
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import ParlorAccounts
import ParlorAPI
import ParlorClient
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

/// A real server on a loopback port, with guests signing in over HTTP and playing over `/ws`.
struct OnlinePlayServer: Sendable {
    let client: any TestClientProtocol
    let database: Database

    typealias Guest = LiveGuest

    func guest() async throws -> Guest { try await client.signInGuest() }

    /// A JSON call as `guest`; the status and the decoded body.
    func call(_ method: HTTPRequest.Method, _ uri: String, as guest: Guest, body: String? = nil) async throws -> (status: Int, json: [String: Any]) {
        try await client.call(method, uri, as: guest, body: body)
    }

    /// Creates a game as `players[0]` and seats the others by invite code; returns its id.
    func table(game: String, players: [Guest], mode: String, extra: String = "") async throws -> UUID {
        try await openTable(game: game, players: players, nodes: [self], mode: mode, extra: extra)
    }

    /// Plays one legal move for whoever's turn it is in a turn-based Quortex game; returns the mover.
    @discardableResult
    func playTurn(_ game: UUID, guests: [Guest], random: inout GameRandom) async throws -> Guest? {
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

    func connect(_ guest: Guest) async throws -> RealtimeConnection {
        guard let port = client.port, let url = URL(string: "ws://127.0.0.1:\(port)/ws") else { throw TestSetupError("no port") }
        var logger = Logger(label: "test.realtime")
        logger.logLevel = .critical
        let token = guest.token
        return await RealtimeConnection.connect(
            configuration: RealtimeConnectionConfiguration(
                url: url, accessToken: { token }, reconnectDelay: { _ in .milliseconds(50) }, logger: logger))
    }
}

/// Runs `body` against a real Parlor application over loopback sockets.
func withOnlinePlayServer(
    kind: TestDatabaseKind = .sqlite, timerInterval: Duration = .milliseconds(50),
    configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Void
) async throws {
    try await kind.withDatabase(migrated: true) { database in
        try await withOnlinePlayNode(database: database, timerInterval: timerInterval, configure: configure, body)
    }
}

/// A node on its own connection pool to `location`, with its own event bus and timer loop, as a
/// separate `parlor serve` process would run; `location` must be migrated.
func withOnlinePlayNode<Result: Sendable>(
    at location: DatabaseLocation, timerInterval: Duration = .milliseconds(50),
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Result
) async throws -> Result {
    try await Database.withOpened(location, logger: .quiet) { database in
        try await withOnlinePlayNode(database: database, timerInterval: timerInterval, body)
    }
}

/// A fresh, migrated PostgreSQL database for nodes to share.
func withSharedPostgres(_ body: @escaping @Sendable (DatabaseLocation) async throws -> Void) async throws {
    try await TestDatabaseKind.postgres.withFreshLocation(migratedTo: ParlorMigrations.all) { location in try await body(location) }
}

private func withOnlinePlayNode<Result: Sendable>(
    database: Database, timerInterval: Duration, configure: @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Result
) async throws -> Result {
    var services = ParlorServices.forTests(now: Date.init) { $0.rateLimits = .off }
    services.turnTimerInterval = timerInterval
    configure(&services)
    let app = try await ParlorApplication.build(
        configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
    return try await app.test(.live) { client in try await body(OnlinePlayServer(client: client, database: database)) }
}

/// Creates a game as `players[0]` and seats the others by invite code, player `i` calling
/// `nodes[i % nodes.count]`; returns its id.
func openTable(game: String, players: [OnlinePlayServer.Guest], nodes: [OnlinePlayServer], mode: String, extra: String = "") async throws -> UUID {
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
