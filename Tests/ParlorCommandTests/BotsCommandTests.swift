import Foundation
import Testing
import TestSupport

/// `parlor bots`: guest bots matched by quick match play whole games through the SDK against a
/// real `parlor serve`, each following its game over the real-time connection. Both processes
/// run at the lowest priority, so the fifty games take only CPU the suites beside them leave.
@Suite(.timeLimit(.minutes(10)))
struct BotsCommandTests {
    @Test func quortexGamesAndACrazyEightsMatchPlayToTheEndWithoutAnError() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            server.lowerPriority(by: 19)
            let port = try await server.waitUntilListening()
            let url = "http://127.0.0.1:\(port)"
            let quortex = try await ParlorProcess.run(["bots", "--server", url, "--game", "quortex", "--games", "50", "--players", "2"], in: directory, niceness: 19, timeout: .seconds(480))
            #expect(quortex.status == 0, "\(quortex.stdout)\(quortex.stderr)")
            #expect(quortex.stdout.hasPrefix("quortex: 50 games finished"), "\(quortex.stdout)")
            #expect(quortex.stdout.contains("100 seats played,") && quortex.stdout.contains(" 0 errors"), "\(quortex.stdout)")
            let eights = try await ParlorProcess.run(["bots", "--server", url, "--game", "crazy-eights", "--games", "1", "--players", "3"], in: directory, niceness: 19, timeout: .seconds(240))
            #expect(eights.status == 0, "\(eights.stdout)\(eights.stderr)")
            #expect(eights.stdout.hasPrefix("crazy-eights: 1 games finished"), "\(eights.stdout)")
            let chess = try await ParlorProcess.run(["bots", "--server", url, "--game", "chess"], in: directory)
            #expect(chess.status == 64 && chess.stderr.contains("--game must be quortex or crazy-eights"))
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
            // Nobody to play against: every bot fails, and the exit says so.
            let nowhere = try await ParlorProcess.run(["bots", "--server", url, "--games", "1"], in: directory)
            #expect(nowhere.status == 70 && nowhere.stdout.contains("2 errors"), "\(nowhere.stdout)\(nowhere.stderr)")
        }
    }
}
