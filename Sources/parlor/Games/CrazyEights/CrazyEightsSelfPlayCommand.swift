import ArgumentParser
import CrazyEights
import Foundation
import GameCore

/// `parlor crazy-eights selfplay`: bot-against-bot matches, one JSON GameRecord per line.
struct CrazyEightsSelfPlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfplay",
        abstract: "Play bot matches and print one JSON GameRecord (with its outcome) per line."
    )

    @Option(help: "Players per match, 2–8.")
    var players = 2

    @Option(help: "Number of matches.")
    var games = 1

    @Option(help: "Seed of the first match; match i uses seed + i.")
    var seed: UInt64 = 1

    @Option(help: "Rules preset: classic (only eights are special) or party (queens skip, aces reverse, twos draw two).")
    var preset = "classic"

    @Option(help: "Bot for every seat (random or heuristic), or a comma-separated list taken seat by seat.")
    var bot = "heuristic"

    @Option(help: "Score that ends the match (default 100).")
    var targetScore: Int?

    func validate() throws {
        guard (2...8).contains(players) else { throw ValidationError("--players must be 2 to 8, not \(players)") }
        guard games >= 0 else { throw ValidationError("--games cannot be negative") }
        if let targetScore, targetScore < 1 {
            throw ValidationError("--target-score must be at least 1, not \(targetScore)")
        }
        _ = try settings()
        _ = try bots()
    }

    func settings() throws -> CrazyEightsSettings {
        var settings = CrazyEightsSettings(preset: try namedChoice(preset, of: "preset"))
        if let targetScore { settings.targetScore = targetScore }
        return settings
    }

    func bots() throws -> [any CrazyEightsBot] {
        try namedChoices(bot, of: "bot").map { (kind: CrazyEightsBotKind) in kind.bot }
    }

    func run() async throws {
        try await reportingFailures {
            let settings = try settings()
            let bots = try bots()
            for game in 0..<games {
                let record = try SelfPlay.play(
                    players: players, bots: bots, seed: GameSeed(seed &+ UInt64(game)), settings: settings)
                try printJSON(record)
            }
        }
    }
}
