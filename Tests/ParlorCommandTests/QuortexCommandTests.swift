import Foundation
import Testing
import TestSupport

/// `parlor quortex selfplay | legal | render` against the built binary.
@Suite struct QuortexCommandTests {
    func run(_ arguments: [String], input: String? = nil) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await withTemporaryDirectory { directory in
            try await ParlorProcess.run(arguments, in: directory, input: input.map { Data($0.utf8) })
        }
    }

    func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func selfplayPrintsOneFinishedRecordPerLineReproducibly() async throws {
        let result = try await run(["quortex", "selfplay", "--players", "3", "--games", "3", "--seed", "40", "--bot", "heuristic,random,lookahead"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for (index, line) in lines.enumerated() {
            let record = try object(line)
            #expect(record["game_type"] as? String == "quortex")
            #expect(record["seed"] as? String == String(40 + index))
            #expect((record["seats"] as? [Any])?.count == 3)
            let outcome = try #require(record["outcome"] as? [String: Any])
            #expect(["flow", "tie", "constraint"].contains(outcome["win_type"] as? String))
            #expect((record["actions"] as? [Any])?.isEmpty == false)
        }
        let again = try await run(["quortex", "selfplay", "--players", "3", "--games", "3", "--seed", "40", "--bot", "heuristic,random,lookahead"])
        #expect(again.stdout == result.stdout)
    }

    @Test func legalListsTheCurrentPlayersPlacementsForAGameInProgress() async throws {
        let played = try await run(["quortex", "selfplay", "--seed", "9", "--bot", "random"])
        var record = try object(try #require(played.stdout.split(separator: "\n").first))
        let actions = try #require(record["actions"] as? [Any])
        record["actions"] = Array(actions.prefix(4))
        record["outcome"] = nil
        let input = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)

        let result = try await run(["quortex", "legal"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try object(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(report["current_seat"] as? Int != nil)
        #expect(["noSharps", "oneSharp", "twoSharps", "threeSharps"].contains(report["drawn_tile"] as? String))
        let legal = try #require(report["legal"] as? [[String: Any]])
        // Four tiles down leave 33 empty cells; early on every rotation of every empty cell is legal.
        #expect(legal.count == 33 * 6)
        #expect(legal.allSatisfy { ($0["notation"] as? String)?.count == 4 && $0["rotation"] is Int })

        let rendered = try await run(["quortex", "render", "--seat", "1"], input: input)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.hasPrefix("<svg"))
        #expect(rendered.stdout.contains("(you)"))
        #expect(rendered.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>"))
    }

    @Test func aFinishedGameHasNoLegalPlacementsButAnOutcome() async throws {
        let played = try await run(["quortex", "selfplay", "--seed", "3"])
        let result = try await run(["quortex", "legal"], input: played.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try object(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect((report["legal"] as? [Any])?.isEmpty == true)
        #expect(report["outcome"] is [String: Any])
        #expect(report["current_seat"] == nil)
    }

    @Test(arguments: [
        ("", 66, "expected a Quortex GameRecord"),
        ("{", 65, "corrupted_payload: not valid JSON"),
        (#"{"game_type":"chess","engine_version":1}"#, 65, "unsupported_game_version"),
        (#"{"game_type":"quortex","engine_version":9}"#, 65, "version_mismatch"),
        (#"{"game_type":"quortex","engine_version":1,"settings":{"settings_version":1},"seed":"1","seats":[{"id":"a","name":"A"}],"actions":[]}"#,
         65, "invalid_action: Quortex is for 2 to 6 players, not 1"),
        (#"{"game_type":"quortex","engine_version":1,"settings":{"settings_version":1},"seed":"1","seats":[{"id":"a","name":"A"},{"id":"b","name":"B"}],"actions":[{"seat":0,"action":"z9r1"}]}"#,
         65, "corrupted_payload: bad value at actions[0].action"),
        (#"{"game_type":"quortex","engine_version":1,"settings":{"settings_version":1},"seed":"1","seats":[{"id":"a","name":"A"},{"id":"b","name":"B"}],"actions":[{"seat":0,"action":"resign"},{"seat":1,"action":"d4r0"}]}"#,
         65, "game_over: action 2 (seat 1): the game is over"),
    ] as [(String, Int32, String)])
    func badRecordsAreRefusedWithAClearError(input: String, status: Int32, message: String) async throws {
        for command in ["legal", "render"] {
            let result = try await run(["quortex", command], input: input)
            #expect(result.status == status, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("parlor: error: "), "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func badSelfplayOptionsAreUsageErrors() async throws {
        for arguments in [["--players", "7"], ["--bot", "smart"], ["--games", "-1"]] {
            let result = try await run(["quortex", "selfplay"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// `parlor bench quortex-view` prints the three encoders' figures, and refuses a bad count.
    @Test func theViewBenchPrintsEachEncodersCostAndItsRatio() async throws {
        let result = try await run(["bench", "quortex-view", "--views", "20", "--rounds", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("quortex-view: 20 mid-game views"))
        #expect(result.stdout.contains("written by hand:"))
        #expect(result.stdout.contains("× the hand-written"))
        let bad = try await run(["bench", "quortex-view", "--views", "0"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--views and --rounds must be positive"))
    }
}
