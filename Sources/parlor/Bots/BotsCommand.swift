import ArgumentParser
import AsyncHTTPClient
import CrazyEights
import Foundation
import OpenAPIAsyncHTTPClient
import ParlorClient
import Quortex

/// `parlor bots`: guest bots matched by quick match play whole games through the SDK against a
/// running server; a summary at the end, and a non-zero exit on any error.
struct BotsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bots", abstract: "Play bot games against a running server through the client SDK, and summarise them.")

    @Option(help: "The server, e.g. http://127.0.0.1:8080.")
    var server: String

    @Option(help: "quortex or crazy-eights.")
    var game: String = "quortex"

    @Option(help: "How many games to play.")
    var games = 10

    @Option(help: "Players per game.")
    var players = 2

    @Option(help: "Games played at once.")
    var concurrency = 10

    @Option(help: "Seconds a game may take before it counts as an error.")
    var timeout = 300

    @Option(help: "Seed of the bots' choices.")
    var seed: UInt64 = 1

    func run() async throws {
        try await reportingFailures {
            guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
                throw CommandFailure(.usage, "--server must be an http(s) URL, got '\(server)'")
            }
            let brain: any BotBrain
            switch game {
            case "quortex":
                guard (2...6).contains(players) else { throw CommandFailure(.usage, "Quortex is for 2 to 6 players") }
                brain = QuortexBrain(bot: QuortexBotKind.heuristic.bot)
            case "crazy-eights":
                guard (2...8).contains(players) else { throw CommandFailure(.usage, "Crazy Eights is for 2 to 8 players") }
                brain = CrazyEightsBrain(bot: CrazyEightsBotKind.heuristic.bot)
            default:
                throw CommandFailure(.usage, "--game must be quortex or crazy-eights, not '\(game)'")
            }
            guard games >= 1, concurrency >= 1, timeout >= 1 else { throw CommandFailure(.usage, "--games, --concurrency and --timeout must be positive") }
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.retryConnectionEstablishment = false
            let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            let summary = await play(url: url, brain: brain, http: http)
            try? await http.shutdown()
            print(summary.report(game: game))
            if !summary.errors.isEmpty { throw CommandFailure(.software, "\(summary.errors.count) bot(s) failed") }
        }
    }

    func play(url: URL, brain: any BotBrain, http: HTTPClient) async -> BotsSummary {
        let started = ContinuousClock.now
        var summary = BotsSummary()
        var remaining = games
        var wave: UInt64 = 0
        while remaining > 0 {
            let tables = min(concurrency, remaining)
            remaining -= tables
            let deadline = ContinuousClock.now + .seconds(timeout)
            let results = await withTaskGroup(of: Result<BotPlayer.Played, BotFailure>.self) { group in
                for index in 0..<(tables * players) {
                    let bot = BotPlayer(
                        client: ParlorClient(serverURL: url, transport: AsyncHTTPClientTransport(configuration: .init(client: http))),
                        brain: brain, game: game, players: players, seed: seed &+ wave &* 1_000_003 &+ UInt64(index))
                    group.addTask {
                        do {
                            return .success(try await bot.play(deadline: deadline))
                        } catch {
                            return .failure(BotFailure("\(error)"))
                        }
                    }
                }
                var results: [Result<BotPlayer.Played, BotFailure>] = []
                for await result in group { results.append(result) }
                return results
            }
            for result in results { summary.add(result) }
            wave += 1
        }
        summary.elapsed = ContinuousClock.now - started
        return summary
    }
}

/// What the bots did.
struct BotsSummary: Sendable {
    var games: Set<String> = []
    var moves = 0
    var wins = 0
    var seats = 0
    var winTypes: [String: Int] = [:]
    var errors: [String] = []
    var elapsed: Duration = .zero

    mutating func add(_ result: Result<BotPlayer.Played, BotFailure>) {
        switch result {
        case .success(let played):
            if games.insert(played.game).inserted, let type = played.winType { winTypes[type, default: 0] += 1 }
            moves += played.moves
            seats += 1
            if played.won { wins += 1 }
        case .failure(let failure):
            errors.append(failure.description)
        }
    }

    func report(game: String) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var lines = [
            "\(game): \(games.count) games finished, \(moves) moves, \(seats) seats played, \(wins) wins, \(errors.count) errors in \(String(format: "%.1f", seconds)) s",
            "outcomes: " + (winTypes.isEmpty ? "none" : winTypes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
        ]
        lines += errors.prefix(10).map { "error: \($0)" }
        return lines.joined(separator: "\n")
    }
}
