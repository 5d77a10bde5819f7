import Foundation
import Histogram

/// What `parlor loadtest` prints: as text, or as one JSON object with `--json`.
struct LoadtestReport: Encodable {
    struct RoundTrip: Encodable {
        var p50: Double
        var p90: Double
        var p99: Double
        var max: Double

        /// Percentiles of round trips recorded in microseconds, in milliseconds.
        init(_ histogram: Histogram<UInt64>) {
            func ms(_ micros: UInt64) -> Double { histogram.totalCount == 0 ? 0 : (Double(micros) / 1000 * 1000).rounded() / 1000 }
            p50 = ms(histogram.valueAtPercentile(50))
            p90 = ms(histogram.valueAtPercentile(90))
            p99 = ms(histogram.valueAtPercentile(99))
            max = ms(histogram.max)
        }
    }

    /// CPU per move of the server, a PostgreSQL on this machine and the load generator, over the
    /// measured window only; nil where it could not be read.
    struct Cost: Encodable {
        var serverCPUMsPerMove: Double?
        var movesPerServerCoreSecond: Double?
        var serverResidentMB: Double?
        var postgresCPUMsPerMove: Double?
        var loadtestCPUMsPerMove: Double?

        private enum CodingKeys: String, CodingKey {
            case serverCPUMsPerMove = "server_cpu_ms_per_move", movesPerServerCoreSecond = "moves_per_server_core_second"
            case serverResidentMB = "server_resident_mb", postgresCPUMsPerMove = "postgres_cpu_ms_per_move"
            case loadtestCPUMsPerMove = "loadtest_cpu_ms_per_move"
        }
    }

    /// The echo baseline of `--echo`: messages, their round trip, the echo server's CPU, and
    /// this generator's own CPU per message as a bare WebSocket client (its floor: a move is one
    /// message out and three in).
    struct Echo: Encodable {
        var messages: Int
        var messagesPerSecond: Double
        var roundTripMs: RoundTrip
        var echoCPUMsPerMessage: Double?
        var loadtestCPUMsPerMessage: Double?
        var errors: [String: Int]

        private enum CodingKeys: String, CodingKey {
            case messages, messagesPerSecond = "messages_per_second", roundTripMs = "round_trip_ms"
            case echoCPUMsPerMessage = "echo_cpu_ms_per_message", loadtestCPUMsPerMessage = "loadtest_cpu_ms_per_message", errors
        }

        init(metrics: LoadtestMetrics.Snapshot, elapsed: Duration, cost: Cost) {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            messages = metrics.moves
            messagesPerSecond = seconds > 0 ? (Double(metrics.moves) / seconds * 10).rounded() / 10 : 0
            roundTripMs = RoundTrip(metrics.roundTrips)
            echoCPUMsPerMessage = cost.serverCPUMsPerMove
            loadtestCPUMsPerMessage = cost.loadtestCPUMsPerMove
            errors = metrics.errors
        }
    }

    var game: String
    var server: String
    var games: Int
    var players: Int
    /// The bots' mean pause before each move.
    var thinkMs: Int
    /// Played before the measured time; its moves are in `warmUpMoves` only.
    var warmUpSeconds: Double
    var warmUpMoves: Int
    var durationSeconds: Double
    var gamesStarted: Int
    var gamesCompleted: Int
    var moves: Int
    var movesPerSecond: Double
    /// Move round trips (send to `ack`) in milliseconds.
    var roundTripMs: RoundTrip
    /// From a move's sending to its `move_made` reaching each other seat, in milliseconds.
    var seenByOthersMs: RoundTrip
    var errors: [String: Int]
    /// The first message of each kind of error that has one.
    var errorExamples: [String: String]
    var cost: Cost?
    var echo: Echo?
    /// Server CPU per move over the echo server's CPU per message, both from this run.
    var cpuRatioToEcho: Double?

    private enum CodingKeys: String, CodingKey {
        case game, server, games, players, thinkMs = "think_ms", warmUpSeconds = "warm_up_seconds"
        case warmUpMoves = "warm_up_moves", durationSeconds = "duration_seconds", gamesStarted = "games_started"
        case gamesCompleted = "games_completed", moves, movesPerSecond = "moves_per_second", roundTripMs = "round_trip_ms"
        case seenByOthersMs = "seen_by_others_ms", errors, errorExamples = "error_examples", cost, echo, cpuRatioToEcho = "cpu_ratio_to_echo"
    }

    init(
        game: String, server: String, games: Int, players: Int, thinkMs: Int = 0, warmUpSeconds: Double = 0, elapsed: Duration,
        metrics: LoadtestMetrics.Snapshot, cost: Cost? = nil, echo: Echo? = nil
    ) {
        self.cost = cost
        self.echo = echo
        if let move = cost?.serverCPUMsPerMove, let message = echo?.echoCPUMsPerMessage, message > 0 {
            cpuRatioToEcho = (move / message * 100).rounded() / 100
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        self.game = game
        self.server = server
        self.games = games
        self.players = players
        self.thinkMs = thinkMs
        self.warmUpSeconds = warmUpSeconds
        warmUpMoves = metrics.warmUpMoves
        durationSeconds = (seconds * 1000).rounded() / 1000
        gamesStarted = metrics.gamesStarted
        gamesCompleted = metrics.gamesCompleted
        moves = metrics.moves
        movesPerSecond = seconds > 0 ? (Double(metrics.moves) / seconds * 10).rounded() / 10 : 0
        roundTripMs = RoundTrip(metrics.roundTrips)
        seenByOthersMs = RoundTrip(metrics.seenByOthers)
        errors = metrics.errors
        errorExamples = metrics.errorExamples
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func text() -> String {
        let errorList = errors.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
        return """
            loadtest: \(game), \(games) concurrent game\(games == 1 ? "" : "s") of \(players) players against \(server), \
            \(format(durationSeconds, 1)) s measured\(thinkMs > 0 ? ", bots thinking \(thinkMs) ms a move" : "")\(warmUpText)
            games:      \(gamesStarted) started, \(gamesCompleted) completed
            moves:      \(moves) acknowledged, \(format(movesPerSecond, 1)) per second
            round trip: p50 \(format(roundTripMs.p50, 3)) ms, p90 \(format(roundTripMs.p90, 3)) ms, \
            p99 \(format(roundTripMs.p99, 3)) ms, max \(format(roundTripMs.max, 3)) ms
            seen:       p50 \(format(seenByOthersMs.p50, 3)) ms, p90 \(format(seenByOthersMs.p90, 3)) ms, \
            p99 \(format(seenByOthersMs.p99, 3)) ms, max \(format(seenByOthersMs.max, 3)) ms (send to the other players' move_made)
            errors:     \(errorList.isEmpty ? "none" : errorList.joined(separator: ", "))
            """ + costText + echoText + errorExamples.sorted { $0.key < $1.key }.map { "\n  first \($0.key): \($0.value)" }.joined()
    }

    /// One line of CPU per move, each part only where it was measured.
    private var costText: String {
        guard let cost else { return "" }
        var parts: [String] = []
        if let server = cost.serverCPUMsPerMove { parts.append("server \(format(server, 3))") }
        if let postgres = cost.postgresCPUMsPerMove { parts.append("PostgreSQL \(format(postgres, 3))") }
        if let own = cost.loadtestCPUMsPerMove { parts.append("loadtest \(format(own, 3))") }
        guard !parts.isEmpty else { return "" }
        var line = "\ncpu:        " + parts.joined(separator: ", ") + " ms per move"
        if let rate = cost.movesPerServerCoreSecond { line += "; \(format(rate, 0)) moves per server core-second" }
        if let memory = cost.serverResidentMB { line += "; server resident \(format(memory, 1)) MB" }
        return line
    }

    private var echoText: String {
        guard let echo else { return "" }
        var text = "\necho:       \(echo.messages) messages, \(format(echo.messagesPerSecond, 1)) per second, round trip p50 "
            + "\(format(echo.roundTripMs.p50, 3)) ms, p99 \(format(echo.roundTripMs.p99, 3)) ms"
        if let cpu = echo.echoCPUMsPerMessage { text += "; echo server \(format(cpu, 3)) ms CPU per message" }
        if let cpu = echo.loadtestCPUMsPerMessage { text += ", its client \(format(cpu, 3))" }
        if !echo.errors.isEmpty { text += "; errors \(echo.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))" }
        if let ratio = cpuRatioToEcho { text += "\nratio:      server CPU per move / echo CPU per message = \(format(ratio, 2))" }
        return text
    }

    private var warmUpText: String {
        warmUpSeconds > 0 ? " after \(format(warmUpSeconds, 1)) s of warm-up (\(warmUpMoves) moves, not measured)" : ""
    }

    private func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
