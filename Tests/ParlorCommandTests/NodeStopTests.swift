import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

/// Stopping `parlor serve` on PostgreSQL: under load after PostgreSQL cut its connections, and
/// when something it waits for never ends.
@Suite(.enabled(if: TestDatabaseKind.available.contains(.postgres)), .timeLimit(.minutes(3)))
struct NodeStopTests {
    /// A node playing games while PostgreSQL ends all of its connections, again and again (as a
    /// restart does), plays on, and then stops at once when told to, with status 0.
    @Test func aNodeUnderLoadWhoseConnectionsWereCutStopsPromptlyAndCleanly() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await withTemporaryDirectory { directory in
                // A stop that hung would end at this deadline with status 70; the test wants 0, at once.
                let environment = ["PARLOR_RATE_LIMITS": "off", "PARLOR_SHUTDOWN_TIMEOUT": "60"]
                let node = try ParlorProcess(["serve", "--port", "0", "--database-url", location.urlString], in: directory, environment: environment)
                let port = try await node.waitUntilListening()
                let load = try ParlorProcess(
                    ["--server", "http://127.0.0.1:\(port)", "--games", "20", "--think", "0", "--duration", "600", "--warmup", "0"],
                    executable: "parlor-loadtest", in: directory)
                load.lowerPriority(by: 5)
                defer { load.send(SIGKILL) }

                try await Self.waitForMoves(port: port, moreThan: 0)
                // Cut while statements are in flight, a few times: each cut can catch some.
                var cut = 0
                for _ in 0..<3 {
                    cut += try await Self.terminateConnections(of: location)
                    try await Task.sleep(for: .milliseconds(700))
                }
                #expect(cut >= 3, "PostgreSQL ended the node's connections")
                let afterCuts = try await Self.moves(port: port)
                try await Self.waitForMoves(port: port, moreThan: afterCuts + 20)

                cut = try await Self.terminateConnections(of: location)
                #expect(cut >= 1)
                let asked = ContinuousClock.now
                node.send(SIGTERM)
                let status = try await node.waitForExit(timeout: .seconds(90))
                let took = ContinuousClock.now - asked
                #expect(status == 0, "\(node.standardError.suffix(3000))")
                #expect(took < .seconds(20), "stopped in \(took)")
                #expect(node.standardError.contains("received SIGTERM; stopping"))
                #expect(node.standardError.contains("server stopped; closing the database"))
                #expect(!node.standardError.contains("still waiting for"))
            }
        }
    }

    enum StuckStop: String, CaseIterable, Sendable {
        /// The stop outlasts `shutdown_timeout`.
        case deadline
        /// A second signal comes while it waits.
        case secondSignal
    }

    /// A request held by a lock that is never released: the stop is logged at once, and ended,
    /// at its deadline or at a second signal, naming the request it waits for, with status 70.
    @Test(arguments: StuckStop.allCases)
    func aStopThatCannotFinishSaysWhatItWaitsForAndEndsWithStatus70(ending: StuckStop) async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await withTemporaryDirectory { directory in
                let timeout = ending == .deadline ? 2 : 120
                let environment = ["PARLOR_RATE_LIMITS": "off", "PARLOR_SHUTDOWN_TIMEOUT": "\(timeout)"]
                let node = try ParlorProcess(["serve", "--port", "0", "--database-url", location.urlString], in: directory, environment: environment)
                let port = try await node.waitUntilListening()
                try await Database.withOpened(location, logger: .quiet) { database in
                    try await database.transaction { sql in
                        try await sql.raw("LOCK TABLE identities IN ACCESS EXCLUSIVE MODE").run()
                        let signIn = Task { try? await Self.signInAsGuest(port: port) }
                        defer { signIn.cancel() }
                        let waiting = try await Self.eventually {
                            (try await sql.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                                .first()?.decode(column: "n", as: Int.self) ?? 0) > 0
                        }
                        try #require(waiting, "the sign-in waits behind the lock")

                        let asked = ContinuousClock.now
                        node.send(SIGTERM)
                        if ending == .secondSignal {
                            let heard = try await Self.eventually { node.standardError.contains("received SIGTERM; stopping") }
                            #expect(heard, "the signal is logged at once")
                            node.send(SIGINT)
                        }
                        let status = try await node.waitForExit(timeout: .seconds(90))
                        let took = ContinuousClock.now - asked
                        #expect(status == 70)
                        let log = node.standardError
                        #expect(log.contains("received SIGTERM; stopping"))
                        let reason = ending == .deadline ? "did not stop within 2 s" : "received SIGINT while stopping"
                        #expect(log.contains("\(reason); still waiting for: the HTTP server (1 request in flight: POST /auth/… for "), "\(log.suffix(2000))")
                        #expect(log.contains("exiting with status 70"))
                        #expect(!log.contains("server stopped; closing the database"))
                        if ending == .deadline {
                            #expect(took >= .seconds(2) && took < .seconds(30), "ended at its deadline: \(took)")
                        } else {
                            #expect(took < .seconds(30), "ended at the second signal: \(took)")
                        }
                    }
                }
            }
        }
    }

    // MARK: Helpers

    /// Ends every connection the node holds to its database, from a connection to another one;
    /// returns how many.
    static func terminateConnections(of location: DatabaseLocation) async throws -> Int {
        guard case .postgres(var admin) = location else { throw TestSetupError("PostgreSQL only") }
        let database = admin.database
        admin.database = "postgres"
        return try await Database.withOpened(.postgres(admin), logger: .quiet) { connection in
            try await connection.withConnection { sql in
                try await sql.raw("SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = \(bind: database)")
                    .first()?.decode(column: "n", as: Int.self) ?? 0
            }
        }
    }

    /// Moves the node has acknowledged, from its metrics.
    static func moves(port: Int) async throws -> Int {
        let metrics = try await request("/metrics", port: port)
        let text = String(buffer: metrics.body ?? ByteBuffer())
        let line = text.split(separator: "\n").first { $0.hasPrefix("parlor_realtime_move_seconds_count") }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Int(Double($0) ?? 0) } ?? 0
    }

    static func waitForMoves(port: Int, moreThan count: Int) async throws {
        let played = try await eventually(within: .seconds(90)) { try await moves(port: port) > count }
        try #require(played, "the node plays more than \(count) moves")
    }

    static func signInAsGuest(port: Int) async throws {
        let body = ByteBuffer(string: #"{"device_id":"\#(UUID().uuidString)"}"#)
        let request = TestClient.Request(
            "/auth/guest", method: .post, authority: "127.0.0.1:\(port)", headers: [.contentType: "application/json"], body: body)
        _ = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in try await client.execute(request) }
    }

    /// Whether `condition` held within `limit`, asked every 50 ms.
    static func eventually(within limit: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
