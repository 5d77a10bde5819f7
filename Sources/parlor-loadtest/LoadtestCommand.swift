import ArgumentParser
import AsyncHTTPClient
import CrazyEights
import Foundation
import NIOCore
import NIOPosix
import ParlorClient
import Quortex

/// `parlor-loadtest`: plays many concurrent bot games against a running server over WebSockets and
/// reports throughput, the move round trip and errors.
@main
struct LoadtestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlor-loadtest",
        abstract: "Play concurrent bot games against a running server and report moves per second and round trips.",
        discussion: """
            Signs in players*games guest bots, then for each of the games: one bot creates a private \
            real-time game, the others join it by invite code, every bot plays from its own WebSocket \
            view, and a new game starts when one ends, until --duration has passed. Start the server \
            with rate limits off (PARLOR_RATE_LIMITS=off parlor serve) for more than a few bots.
            """
    )

    @Option(help: "The server's base URL.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "The game to play: quortex or crazy-eights.")
    var game = "quortex"

    @Option(help: "Games played at the same time.")
    var games = 1

    @Option(help: "Seconds to play and measure.")
    var duration: Double = 10

    @Option(help: "Seconds to play first without measuring; the tables' first games start spread over them.")
    var warmup: Double = 0

    @Option(help: "Players per game (within the game's limits).")
    var players = 2

    @Option(help: "Milliseconds a bot thinks before each move, varied by up to half either way; 0 moves at once.")
    var think = 0

    @Option(help: "The bots' strategy: random (cheap to run, so the generator measures the server) or heuristic.")
    var bot = "random"

    /// One by default: on one thread every frame, timer and bot runs where its socket is, with no
    /// wake-up of another thread in between. A second thread costs the generator more per move,
    /// taken from the server it measures; one thread has room for about 6,000 moves a second.
    @Option(help: "Event-loop threads the generator runs on; one leaves the most CPU to a server on the same machine.")
    var threads = 1

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "First run the same sockets and pattern against this bare echo (parlor bench echo-server) and report the CPU ratio.")
    var echo: String?

    @Option(help: "Instead of playing: hold this many authenticated, subscribed, silent sockets and report the server's memory per connection and idle CPU.")
    var idle: Int?

    @Option(help: "With --idle: seconds to hold the sockets silent.")
    var idleSeconds: Double = 30

    @Option(help: .hidden)
    var idleWorker: Int?

    @Option(help: .hidden)
    var idleGame: String?

    func validate() throws {
        guard (0...600_000).contains(think) else { throw ValidationError("--think must be 0 to 600000 milliseconds, not \(think)") }
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1 to 256, not \(threads)") }
        guard games >= 1 else { throw ValidationError("--games must be at least 1, not \(games)") }
        guard duration > 0, duration.isFinite, duration <= 86_400 else {
            throw ValidationError("--duration must be more than 0 and at most 86400 seconds, not \(duration)")
        }
        guard warmup >= 0, warmup.isFinite, warmup <= 3_600 else {
            throw ValidationError("--warmup must be 0 to 3600 seconds, not \(warmup)")
        }
        guard let choice = LoadtestGameChoice(name: game) else {
            let known = LoadtestGameChoice.allCases.map(\.id).joined(separator: ", ")
            throw ValidationError("unknown game \"\(game)\"; the games are \(known)")
        }
        guard choice.players.contains(players) else {
            throw ValidationError(
                "--players must be \(choice.players.lowerBound) to \(choice.players.upperBound) for \(choice.id), not \(players)")
        }
        guard choice.botNames.contains(bot) else {
            throw ValidationError("unknown bot \"\(bot)\"; the bots are \(choice.botNames.joined(separator: ", "))")
        }
        guard games <= 100_000, games * players <= 200_000 else {
            throw ValidationError("--games times --players must be at most 200000")
        }
        if let echo {
            guard let url = URL(string: echo), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--echo must be the echo server's http URL such as http://127.0.0.1:8090, not \"\(echo)\"")
            }
        }
        if let idle { guard (1...1_000_000).contains(idle) else { throw ValidationError("--idle must be 1 to 1000000 sockets") } }
        guard idleSeconds > 0, idleSeconds <= 86_400 else { throw ValidationError("--idle-seconds must be more than 0 and at most 86400") }
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("--server must be an http or https URL such as http://127.0.0.1:8080, not \"\(server)\"")
        }
    }

    func run() async throws {
        if let idleWorker, let game = idleGame.flatMap(UUID.init(uuidString:)), let base = URL(string: server),
            let webSocket = RealtimeConnectionConfiguration.webSocketURL(server: base),
            let token = ProcessInfo.processInfo.environment["PARLOR_LOADTEST_TOKEN"]
        {
            await LoadtestIdleWorker.run(count: idleWorker, webSocket: webSocket, game: game, token: token)
            return
        }
        // The generator's own sockets and bots run on NIO's event loops (no thread hop per frame),
        // so that it costs less CPU per move than the server it measures.
        NIOSingletons.groupLoopCountSuggestion = threads
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        try await reportingFailures {
            guard let choice = LoadtestGameChoice(name: game), let base = URL(string: server),
                let webSocket = RealtimeConnectionConfiguration.webSocketURL(server: base)
            else { throw CommandFailure(.usage, "bad --game or --server") }
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)
            configuration.timeout = .init(connect: .seconds(5), read: .seconds(60))
            let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            if let idle {
                let result = await Result { try await LoadtestIdle(server: base, webSocket: webSocket, sockets: idle, seconds: idleSeconds).run(http: http) }
                try await http.shutdown()
                let report = try result.get()
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    print(String(decoding: try encoder.encode(report), as: UTF8.self))
                } else {
                    print(report.text)
                }
                guard report.held > 0 else { throw CommandFailure(.software, "no socket could be held; is the server running?") }
                return
            }
            // The baseline first, on the same machine in the same run, with the same sockets and pattern.
            var baseline: LoadtestReport.Echo?
            if let echo, let echoURL = URL(string: echo) {
                let run = LoadtestEcho(
                    server: echoURL, tables: games, players: players, think: .milliseconds(think),
                    warmUp: .milliseconds(Int64((warmup * 1000).rounded())), duration: .milliseconds(Int64((duration * 1000).rounded())))
                let result = await Result { try await run.run(http: http) }
                if case .success(let (metrics, elapsed, cost)) = result {
                    baseline = LoadtestReport.Echo(metrics: metrics.snapshot, elapsed: elapsed, cost: cost.report(moves: metrics.snapshot.moves))
                } else if case .failure(let error) = result {
                    try await http.shutdown()
                    throw error
                }
            }
            let outcome: Result<(LoadtestMetrics, elapsed: Duration, cost: LoadtestCost), any Error>
            switch choice {
            case .quortex where bot == "random":
                outcome = await Result { try await self.run(QuortexRandomLoadtest(), choice.id, base, webSocket, http) }
            case .quortex:
                let rules = QuortexLoadtest(bot: (QuortexBotKind(rawValue: bot) ?? .heuristic).bot)
                outcome = await Result { try await self.run(rules, choice.id, base, webSocket, http) }
            case .crazyEights:
                let rules = CrazyEightsLoadtest(bot: (CrazyEightsBotKind(rawValue: bot) ?? .heuristic).bot)
                outcome = await Result { try await self.run(rules, choice.id, base, webSocket, http) }
            }
            try await http.shutdown()
            let (metrics, elapsed, cost) = try outcome.get()
            let snapshot = metrics.snapshot
            let report = LoadtestReport(
                game: choice.id, server: server, games: games, players: players, thinkMs: think, warmUpSeconds: warmup, elapsed: elapsed,
                metrics: snapshot, cost: cost.report(moves: snapshot.moves), echo: baseline)
            print(json ? try report.json() : report.text())
            guard report.moves > 0 else {
                throw CommandFailure(.software, "no move was acknowledged in \(report.durationSeconds) s; see the errors above")
            }
        }
    }

    private func run<Game: LoadtestGame>(
        _ rules: Game, _ id: String, _ base: URL, _ webSocket: URL, _ http: HTTPClient
    ) async throws -> (LoadtestMetrics, elapsed: Duration, cost: LoadtestCost) {
        let run = LoadtestRun(
            server: base, webSocket: webSocket, gameID: id, rules: rules, tables: games, players: players,
            think: .milliseconds(think), warmUp: .milliseconds(Int64((warmup * 1000).rounded())),
            duration: .milliseconds(Int64((duration * 1000).rounded())))
        return try await run.run(http: http)
    }
}

extension Result where Failure == any Error {
    /// `Result(catching:)` for async work.
    fileprivate init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
