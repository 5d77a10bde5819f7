import ArgumentParser
import AsyncHTTPClient
import Foundation
import OpenAPIAsyncHTTPClient
import ParlorAPI
import ParlorClient
import StatsSync
import StatsSyncDevice

/// `parlor bench sync`: how long a new device takes to download a long history through a running
/// server. It signs in a fresh guest, uploads `--events` games from one device in batches of 400,
/// then times a full `StatsSyncManager.sync()` from an empty replica.
struct SyncBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Time a full stats sync of many events from an empty device through a running server."
    )

    @Option(help: "The server's base URL.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "Events in the player's history.")
    var events = 10_000

    @Option(help: "Full syncs to time (each from an empty device).")
    var runs = 5

    func validate() throws {
        guard (1...1_000_000).contains(events), runs > 0 else { throw ValidationError("--events must be 1–1000000 and --runs positive") }
        guard URL(string: server)?.host != nil else { throw ValidationError("--server must be a URL such as http://127.0.0.1:8080") }
    }

    func run() async throws {
        try await reportingFailures {
            guard let base = URL(string: server) else { throw ValidationError("bad --server") }
            let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
            defer { _ = http.shutdown() }
            let transport = AsyncHTTPClientTransport(configuration: .init(client: http))
            let token = try await signInGuest(base, transport)
            let provider = ParlorStatsProvider(serverURL: base, transport: transport, accessToken: { token })
            let history = Self.history(count: events)
            let clock = ContinuousClock()
            let upload = try await clock.measure { try await provider.push(history) }
            print("uploaded \(events) events in batches of 400: \(Self.format(upload)) (\(Int(Double(events) / upload.seconds)) events/s)")

            var samples: [Duration] = []
            for _ in 0..<runs {
                let replica = InMemoryReplica()
                let environment = SyncEnvironment(
                    now: { Int64(Date().timeIntervalSince1970 * 1000) },
                    today: { PuzzleDate(unixMillis: Int64(Date().timeIntervalSince1970 * 1000)) })
                let manager = StatsSyncManager(replica: replica, providers: [provider], retry: .none, environment: environment)
                let start = clock.now
                let report = await manager.sync()
                samples.append(clock.now - start)
                guard report.succeeded, await replica.log.count == events else {
                    throw ValidationError("a sync fell short: \(report)")
                }
            }
            samples.sort()
            let stats = StatsProjection.stats(of: history, today: PuzzleDate(unixMillis: history.last?.timestamp ?? 0))
            print("full sync of \(events) events to an empty device (fetch, merge, project; \(runs) runs):")
            print("  median \(Self.format(samples[samples.count / 2])), best \(Self.format(samples[0])), worst \(Self.format(samples[samples.count - 1]))")
            print("  projection: \(stats.gamesPlayed) games, \(stats.wins) wins, best streak \(stats.bestStreak)")
        }
    }

    /// One game a day going back from today, two in three won.
    static func history(count: Int) -> [StatsEvent] {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let device = DeviceID(rawValue: "bench-" + UUID().uuidString) ?? DeviceID(rawValue: "bench")
        guard let device else { return [] }
        return (1...count).map { index in
            let at = now - Int64(count - index) * 86_400_000 / Int64(max(1, count / 9000 + 1))
            return StatsEvent(
                device: device, sequence: index, timestamp: at,
                payload: .gameCompleted(GameCompletion(
                    puzzleDate: PuzzleDate(unixMillis: at), won: index % 3 != 0, mistakes: index % 4, seconds: 30 + index % 300,
                    hintsUsed: index % 5 == 0 ? 1 : 0)))
        }
    }

    func signInGuest(_ base: URL, _ transport: AsyncHTTPClientTransport) async throws -> String {
        let client = Client(serverURL: base, configuration: .parlor, transport: transport)
        let output = try await client.signInAsGuest(body: .json(.init(deviceId: UUID().uuidString)))
        guard case .ok(let ok) = output else { throw ValidationError("guest sign-in at \(base) failed: \(output)") }
        return try ok.body.json.accessToken
    }

    static func format(_ duration: Duration) -> String { String(format: "%.1f ms", duration.seconds * 1000) }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
