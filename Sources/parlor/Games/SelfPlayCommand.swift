import ArgumentParser
import Foundation
import GameCore
import Quortex

/// `parlor quortex selfplay`: bot-against-bot games, one JSON GameRecord per line.
struct SelfPlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfplay",
        abstract: "Play bot games and print one JSON GameRecord (with its outcome) per line."
    )

    @Option(help: "Players per game, 2–6.")
    var players = 2

    @Option(help: "Number of games.")
    var games = 1

    @Option(help: "Seed of the first game; game i uses seed + i.")
    var seed: UInt64 = 1

    @Option(help: "Bot for every seat (random, heuristic or lookahead), or a comma-separated list taken seat by seat.")
    var bot = "heuristic"

    func validate() throws {
        guard (2...6).contains(players) else { throw ValidationError("--players must be 2 to 6, not \(players)") }
        guard games >= 0 else { throw ValidationError("--games cannot be negative") }
        _ = try bots()
    }

    func bots() throws -> [any QuortexBot] {
        try namedChoices(bot, of: "bot").map { (kind: QuortexBotKind) in kind.bot }
    }

    func run() async throws {
        try await reportingFailures {
            let bots = try bots()
            for game in 0..<games {
                let record = try SelfPlay.play(players: players, bots: bots, seed: GameSeed(seed &+ UInt64(game)))
                try printJSON(record)
            }
        }
    }
}
