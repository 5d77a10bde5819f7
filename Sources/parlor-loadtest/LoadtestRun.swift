import AsyncHTTPClient
import Foundation
import OpenAPIAsyncHTTPClient
import ParlorClient

/// A whole load test: sign in every bot, open every socket, then play all tables at once for the
/// given time. Setting up is not timed; only play is.
struct LoadtestRun<Game: LoadtestGame> {
    let server: URL
    let webSocket: URL
    let gameID: String
    let rules: Game
    let tables: Int
    let players: Int
    let think: Duration
    /// Played before `duration` without being measured: the tables' first games start meanwhile.
    var warmUp: Duration = .zero
    let duration: Duration

    /// Sign-ins in flight at once: enough to be quick, few enough not to look like an attack.
    static var signInConcurrency: Int { 64 }

    func run(http: HTTPClient) async throws -> (LoadtestMetrics, elapsed: Duration, cost: LoadtestCost) {
        let transport = AsyncHTTPClientTransport(configuration: .init(client: http))
        let bots = try await signIn(count: tables * players, transport: transport)
        defer { for bot in bots { bot.inbox.close() } }
        for bot in bots { await bot.start() }
        do {
            try await waitForSockets(bots)
        } catch {
            await closeAll(bots)
            throw error
        }

        let clock = ContinuousClock()
        let measuredFrom = clock.now + warmUp
        let metrics = LoadtestMetrics(measuredFrom: measuredFrom)
        let deadline = measuredFrom + duration
        let ticker = Task { await Self.tick(bots, until: deadline) }
        let firstSample = Task { [server] in
            try? await clock.sleep(until: measuredFrom)
            return await LoadtestCost.sample(server: server, http: http)
        }
        // Tables start spread over the warm-up (at least 2 s) rather than in one burst, so their
        // games also end, and new ones start, spread out rather than all at once.
        let rampMilliseconds = max(2_000, Int(warmUp / .milliseconds(1)))
        await withTaskGroup(of: Void.self) { group in
            for table in 0..<tables {
                let seated = Array(bots[(table * players)..<((table + 1) * players)])
                group.addTask { [rules, gameID, think] in
                    try? await Task.sleep(for: .milliseconds(table * rampMilliseconds / tables))
                    await LoadtestTable(bots: seated, rules: rules, gameID: gameID, metrics: metrics, think: think, deadline: deadline).run()
                }
            }
        }
        let elapsed = clock.now - measuredFrom
        let cost = LoadtestCost(start: await firstSample.value, end: await LoadtestCost.sample(server: server, http: http))
        ticker.cancel()
        await closeAll(bots)
        for bot in bots {
            let statistics = await bot.connection.statistics
            metrics.error("disconnect", count: statistics.disconnects)
            metrics.error("connect_failed", count: statistics.failedAttempts)
        }
        return (metrics, elapsed, cost)
    }

    private func signIn(count: Int, transport: AsyncHTTPClientTransport) async throws -> [LoadtestBot] {
        let stamp = UUID().uuidString.prefix(8).lowercased()
        return try await withThrowingTaskGroup(of: (Int, LoadtestBot).self) { group in
            var bots: [LoadtestBot?] = Array(repeating: nil, count: count)
            var next = 0
            func addNext() {
                let index = next
                next += 1
                group.addTask { [server, webSocket] in
                    let deviceID = "loadtest-\(stamp)-\(index)"
                    let name = "loadtest bot \(index + 1)"
                    let client = ParlorClient(serverURL: server, transport: transport)
                    try await Self.signInOrExplain(client, deviceID: deviceID, name: name)
                    return (index, LoadtestBot(deviceID: deviceID, name: name, client: client, webSocket: webSocket))
                }
            }
            while next < min(count, Self.signInConcurrency) { addNext() }
            while let (index, bot) = try await group.next() {
                bots[index] = bot
                if next < count { addNext() }
            }
            return bots.compactMap { $0 }
        }
    }

    private static func signInOrExplain(_ client: ParlorClient, deviceID: String, name: String) async throws {
        do {
            try await LoadtestAPI.signIn(client, deviceID: deviceID, name: name)
        } catch where error.kind == "http_429" {
            throw CommandFailure(
                .databaseUnavailable,
                "the server rate-limits guest sign-in (HTTP 429); run it with rate limits off for a load test: "
                    + "PARLOR_RATE_LIMITS=off parlor serve (or \"rate_limits\": \"off\" in its config file)")
        } catch where error.kind == "http_unreachable" {
            throw CommandFailure(.databaseUnavailable, "cannot reach the server: \(error.message)")
        } catch {
            throw CommandFailure(.software, "guest sign-in failed: \(error.message)")
        }
    }

    /// Every socket must be open (welcomed) before the clock starts.
    private func waitForSockets(_ bots: [LoadtestBot], timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        for bot in bots {
            while await !bot.connection.isConnected {
                guard bot.isAlive, ContinuousClock.now < deadline else {
                    let reason = await bot.connection.lastFailure ?? "no welcome within \(timeout)"
                    throw CommandFailure(.databaseUnavailable, "cannot open the WebSocket at \(webSocket): \(reason)")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// One clock for every bot, rather than a timer each; runs until cancelled. A bot whose game
    /// waits on an ack or a retry pause is ticked every second, a tenth of the bots every 100 ms so
    /// that the ticks do not wake every bot at once and delay the messages being timed; every bot
    /// is ticked every five seconds (its start and stall time-outs are 30 s and more), and every
    /// second once the run's time is up.
    private static func tick(_ bots: [LoadtestBot], until deadline: ContinuousClock.Instant) async {
        let slices = 10
        let coarseEvery = 5
        var slice = 0
        var pass = 0
        while !Task.isCancelled {
            try? await EventLoopSleep.sleep(for: .milliseconds(1000 / slices))
            let coarse = pass % coarseEvery == 0 || ContinuousClock.now >= deadline
            for index in stride(from: slice, to: bots.count, by: slices) { bots[index].inbox.tick(coarse: coarse) }
            slice = (slice + 1) % slices
            if slice == 0 { pass += 1 }
        }
    }

    private func closeAll(_ bots: [LoadtestBot]) async {
        await withTaskGroup(of: Void.self) { group in
            for bot in bots { group.addTask { await bot.connection.close() } }
        }
    }
}
