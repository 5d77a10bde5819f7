import CrazyEights
import Foundation
import GameCore
import Testing
import TestSupport

/// `parlor crazy-eights selfplay` against the built binary.
@Suite struct CrazyEightsCommandTests {
    func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await withTemporaryDirectory { directory in
            try await ParlorProcess.run(["crazy-eights"] + arguments, in: directory)
        }
    }

    @Test func selfplayPrintsFinishedRecordsThatReplayToTheirOutcome() async throws {
        let arguments = ["selfplay", "--players", "4", "--games", "3", "--seed", "40", "--preset", "party", "--bot", "heuristic,random"]
        let result = try await run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for (index, line) in lines.enumerated() {
            let record = try CrazyEights.decodeRecord(Data(line.utf8))
            #expect(record.game == "crazy-eights")
            #expect(record.seed == GameSeed(40 + UInt64(index)))
            #expect(record.seats.count == 4)
            #expect(record.settings == .party)
            #expect(record.seats.map(\.name) == ["heuristic bot 1", "random bot 2", "heuristic bot 3", "random bot 4"])
            let outcome = try #require(record.outcome)
            // Replaying checks the printed outcome; a different one would be a desync.
            let state = try record.replay()
            #expect(state.outcome == outcome)
            #expect(state.scores.max() ?? 0 >= 100)
            #expect(try GameRegistry([CrazyEights.self]).replay(recordJSON: Data(line.utf8)).outcome == outcome)
        }
        #expect(try await run(arguments).stdout == result.stdout, "the same seed plays the same matches")
    }

    @Test func theTargetScoreAndPresetReachTheSettings() async throws {
        let result = try await run(["selfplay", "--seed", "7", "--target-score", "1", "--bot", "random"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try CrazyEights.decodeRecord(Data(result.stdout.utf8))
        #expect(record.settings == {
            var settings = CrazyEightsSettings.classic
            settings.targetScore = 1
            return settings
        }())
        #expect(try record.replay().outcome == record.outcome)
        #expect(record.seats.count == 2)
    }

    @Test(arguments: [
        (["--preset", "wild"], "unknown preset \"wild\"; the presets are classic, party"),
        (["--players", "1"], "--players must be 2 to 8, not 1"),
        (["--players", "9"], "--players must be 2 to 8, not 9"),
        (["--bot", "smart"], "unknown bot \"smart\"; the bots are random, heuristic"),
        (["--games=-1"], "--games cannot be negative"),
        (["--target-score", "0"], "--target-score must be at least 1, not 0"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await run(["selfplay"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
