import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Testing
import TestSupport

/// Two `parlor serve` processes on one PostgreSQL; one is killed with its sockets open.
@Suite(.enabled(if: TestDatabaseKind.available.contains(.postgres)), .timeLimit(.minutes(2)))
struct NodeCrashTests {
    @Test func aKilledNodesPlayersAreAnnouncedGoneByTheNodeThatSurvives() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await withTemporaryDirectory { directory in
                let environment = ["PARLOR_NODE_TIMEOUT": "1", "PARLOR_RATE_LIMITS": "off"]
                let doomed = try ParlorProcess(["serve", "--port", "0", "--database-url", location.urlString], in: directory, environment: environment)
                let survivor = try ParlorProcess(["serve", "--port", "0", "--database-url", location.urlString], in: directory, environment: environment)
                let doomedPort = try await doomed.waitUntilListening()
                let survivorPort = try await survivor.waitUntilListening()

                let guests = [try await Self.guest(port: survivorPort), try await Self.guest(port: survivorPort)]
                let created = try await Self.call(.post, "/games", port: survivorPort, token: guests[0].token, body: #"{"game_type":"quortex","players":2,"mode":"realtime"}"#)
                let game = try #require((created["id"] as? String).flatMap(UUID.init(uuidString:)))
                let code = try #require(created["invite_code"] as? String)
                let joined = try await Self.call(.post, "/games/join", port: survivorPort, token: guests[1].token, body: #"{"code":"\#(code)"}"#)
                #expect((joined["id"] as? String).flatMap(UUID.init(uuidString:)) == game, "the second player sits at the table: \(joined)")

                let watcher = try await Self.socket(port: survivorPort, token: guests[0].token)
                let victim = try await Self.socket(port: doomedPort, token: guests[1].token)
                var heard = watcher.inbound.makeAsyncIterator()
                try await watcher.subscribe(game: game)
                try await victim.subscribe(game: game)
                while let frame = await heard.next() {
                    if frame.type == .gameStarted { break }
                    if frame.type == .state, (try? frame.decode(StatusProbe.self))?.status == "active" { break }
                }

                // Killed: no socket is closed, no connection counted out.
                doomed.send(SIGKILL)
                _ = try? await doomed.waitForExit()  // throws: it died of a signal, as intended
                var left: RealtimePresence?
                while left == nil, let frame = await heard.next() {
                    if frame.type == .playerLeft { left = try frame.decode(RealtimePresence.self) }
                }
                #expect(left?.user == guests[1].user, "the surviving node announces the killed node's player gone")
                let seats = try await Self.call(.get, "/games/\(game)", port: survivorPort, token: guests[0].token)["seats"] as? [[String: Any]] ?? []
                #expect(seats.first { $0["user"] as? String == guests[1].user }?["present"] as? Bool == false)
                #expect(seats.first { $0["user"] as? String == guests[0].user }?["present"] as? Bool == true)

                await victim.close()
                await watcher.close()
                survivor.send(SIGTERM)
                #expect(try await survivor.waitForExit() == 0)
            }
        }
    }

    private struct StatusProbe: Decodable { var status: String }

    private static func guest(port: Int) async throws -> (token: String, user: String) {
        let signedIn = try await call(.post, "/auth/guest", port: port, body: #"{"device_id":"\#(UUID().uuidString)"}"#)
        guard let token = signedIn["access_token"] as? String, let user = (signedIn["user"] as? [String: Any])?["id"] as? String else {
            throw TestSetupError("guest sign-in failed: \(signedIn)")
        }
        return (token, user)
    }

    private static func call(
        _ method: HTTPRequest.Method, _ path: String, port: Int, token: String? = nil, body: String? = nil
    ) async throws -> [String: Any] {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = "application/json" }
        let request = TestClient.Request(path, method: method, authority: "127.0.0.1:\(port)", headers: headers, body: body.map { ByteBuffer(string: $0) })
        let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(request)
        }
        let json = response.body.flatMap { try? JSONSerialization.jsonObject(with: Data($0.readableBytesView)) as? [String: Any] }
        return json ?? [:]
    }

    private static func socket(port: Int, token: String) async throws -> RealtimeConnection {
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/ws"))
        var logger = Logger(label: "test.realtime")
        logger.logLevel = .critical
        return await RealtimeConnection.connect(
            configuration: RealtimeConnectionConfiguration(
                url: url, accessToken: { token }, reconnectDelay: { _ in .milliseconds(200) },
                maxConsecutiveFailures: 2, logger: logger))
    }
}
