import Foundation
import Testing
import TestSupport

/// `parlor-loadtest`'s options, against the built binary. Playing against a real server is run by
/// hand (`PARLOR_RATE_LIMITS=off parlor serve`, then `parlor-loadtest --games 1000 …`).
@Suite struct LoadtestCommandTests {
    func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await withTemporaryDirectory { directory in
            try await ParlorProcess.run(arguments, executable: "parlor-loadtest", in: directory)
        }
    }

    @Test(arguments: [
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--games=-3"], "--games must be at least 1, not -3"),
        (["--duration", "0"], "--duration must be more than 0"),
        (["--duration=-1.5"], "--duration must be more than 0"),
        (["--duration", "nan"], "--duration must be more than 0"),
        (["--game", "chess"], "unknown game \"chess\"; the games are quortex, crazy-eights"),
        (["--players", "1"], "--players must be 2 to 6 for quortex, not 1"),
        (["--players", "7"], "--players must be 2 to 6 for quortex, not 7"),
        (["--game", "crazy-eights", "--players", "9"], "--players must be 2 to 8 for crazy-eights, not 9"),
        (["--bot", "lookahead"], "unknown bot \"lookahead\"; the bots are random, heuristic"),
        (["--server", "ftp://example.com"], "--server must be an http or https URL"),
        (["--server", "not a url"], "--server must be an http or https URL"),
        (["--think=-1"], "--think must be 0 to 600000 milliseconds, not -1"),
        (["--think", "600001"], "--think must be 0 to 600000 milliseconds, not 600001"),
        (["--warmup=-1"], "--warmup must be 0 to 3600 seconds, not -1.0"),
        (["--warmup", "3601"], "--warmup must be 0 to 3600 seconds, not 3601.0"),
        (["--warmup", "inf"], "--warmup must be 0 to 3600 seconds"),
        (["--threads", "0"], "--threads must be 1 to 256, not 0"),
        (["--threads", "257"], "--threads must be 1 to 256, not 257"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["--game", "crazy_eights", "--players", "8"], ["--game", "quortex", "--players", "6", "--bot", "random"]])
    func validOptionsGetAsFarAsTheServer(arguments: [String]) async throws {
        // Port 9 (discard) on loopback refuses: the options passed validation and sign-in was tried.
        let result = try await run(arguments + ["--server", "http://127.0.0.1:9", "--games", "1", "--duration", "1"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("cannot reach the server"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no trace: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A short real run against `parlor serve` on SQLite: bots sign in, play over WebSockets, and
    /// the report counts only what was played after the warm-up. Both Quortex players: the random
    /// one reads only the legal placements of its view, the heuristic one the whole view and thinks
    /// between moves (slept on an event loop's timer, as are the echo's pauses).
    @Test(.timeLimit(.minutes(2)), arguments: [("random", 0), ("heuristic", 20)])
    func aShortRunAgainstARealServerReportsMovesAndRoundTrips(bot: String, think: Int) async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            let port = try await server.waitUntilListening()
            let echo = try ParlorProcess(["bench", "echo-server", "--port", "0"], in: directory)
            let echoPort = try await echo.waitUntilListening(prefix: "Echo listening on http://")
            let result = try await ParlorProcess.run(
                [
                    "--server", "http://127.0.0.1:\(port)", "--games", "3", "--duration", "3", "--warmup", "1", "--bot", bot, "--think", "\(think)", "--json",
                    "--echo", "http://127.0.0.1:\(echoPort)",
                ],
                executable: "parlor-loadtest", in: directory)
            echo.send(SIGTERM)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["warm_up_seconds"] as? Double == 1)
            #expect((report["warm_up_moves"] as? Int ?? -1) >= 0)
            #expect((report["moves"] as? Int ?? 0) > 0)
            #expect((report["duration_seconds"] as? Double ?? 0) >= 3)
            #expect((report["games_started"] as? Int ?? 0) >= 3)
            let roundTrip = try #require(report["round_trip_ms"] as? [String: Double])
            #expect((roundTrip["p50"] ?? 0) > 0 && (roundTrip["p50"] ?? 0) <= (roundTrip["p99"] ?? 0) && (roundTrip["p99"] ?? 0) <= (roundTrip["max"] ?? 0))
            // How long a move took to reach the other player, timed by the same process.
            let seen = try #require(report["seen_by_others_ms"] as? [String: Double])
            #expect((seen["p50"] ?? 0) > 0 && (seen["p50"] ?? 0) <= (seen["p99"] ?? 0) && (seen["p99"] ?? 0) <= (seen["max"] ?? 0), "\(seen)")
            // The cost of the measured window, read from the server's /metrics and from /proc.
            let cost = try #require(report["cost"] as? [String: Double])
            #expect((cost["server_cpu_ms_per_move"] ?? 0) > 0, "\(cost)")
            #expect((cost["moves_per_server_core_second"] ?? 0) > 0, "\(cost)")
            #expect((cost["server_resident_mb"] ?? 0) > 1, "\(cost)")
            #expect((cost["loadtest_cpu_ms_per_move"] ?? 0) > 0, "\(cost)")
            // The echo baseline, same sockets and pattern, and the ratio of the two costs.
            let baseline = try #require(report["echo"] as? [String: Any])
            #expect((baseline["messages"] as? Int ?? 0) > 0, "\(baseline)")
            #expect((baseline["echo_cpu_ms_per_message"] as? Double ?? 0) > 0, "\(baseline)")
            #expect((baseline["loadtest_cpu_ms_per_message"] as? Double ?? 0) > 0, "\(baseline)")
            #expect((report["cpu_ratio_to_echo"] as? Double ?? 0) > 0, "\(report)")
        }
    }

    /// `--idle`: silent sockets held from child processes; the server's memory and CPU reported.
    @Test(.timeLimit(.minutes(2))) func idleSocketsAreHeldAndTheirCostReported() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            let port = try await server.waitUntilListening()
            let result = try await ParlorProcess.run(
                ["--server", "http://127.0.0.1:\(port)", "--idle", "300", "--idle-seconds", "1", "--json"], executable: "parlor-loadtest",
                in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(report["held"] as? Int == 300, "\(report)")
            #expect(report["failures"] as? Int == 0)
            #expect(report["closed_while_idle"] as? Int == 0, "\(report)")
            #expect((report["server_kb_per_connection"] as? Double ?? 0) > 0, "\(report)")
            #expect((report["server_cpu_percent_of_one_core"] as? Double ?? -1) >= 0, "\(report)")
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }

    @Test func helpExplainsRateLimits() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("PARLOR_RATE_LIMITS=off"))
        for option in ["--server", "--game", "--games", "--duration", "--warmup", "--players", "--json"] {
            #expect(result.stdout.contains(option), "\(option) in help")
        }
    }
}
