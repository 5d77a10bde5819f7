import AsyncHTTPClient
import Foundation
import Logging
import WSClient

/// The baseline of `--echo`: the same number of sockets as the game load (games × players), each
/// table's sockets together sending one message per think time as a table makes one move, against
/// a bare WebSocket echo (`parlor bench echo-server`); each message waits for its echo as a move
/// waits for its `ack`. Its CPU per message, from the echo server's `/metrics`, is what a move's
/// CPU is divided by.
struct LoadtestEcho {
    let server: URL
    let tables: Int
    let players: Int
    let think: Duration
    let warmUp: Duration
    let duration: Duration
    /// About the size of a move message.
    static let messageBytes = 120

    func run(http: HTTPClient) async throws -> (LoadtestMetrics, elapsed: Duration, cost: LoadtestCost) {
        guard var parts = URLComponents(url: server, resolvingAgainstBaseURL: false) else { throw CommandFailure(.usage, "bad --echo URL") }
        parts.scheme = server.scheme == "https" ? "wss" : "ws"
        parts.path = "/ws"
        guard let webSocket = parts.url?.absoluteString else { throw CommandFailure(.usage, "bad --echo URL") }
        let clock = ContinuousClock()
        let measuredFrom = clock.now + warmUp
        let deadline = measuredFrom + duration
        let metrics = LoadtestMetrics(measuredFrom: measuredFrom)
        let firstSample = Task { [server] in
            try? await clock.sleep(until: measuredFrom)
            return await LoadtestCost.sample(server: server, http: http)
        }
        let sockets = tables * players
        let rampMilliseconds = max(2_000, Int(warmUp / .milliseconds(1)))
        // A socket speaks once per `players` think times: its table, together, once per think time.
        let pause = think * players
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<sockets {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(index * rampMilliseconds / max(sockets, 1)))
                    await Self.echo(webSocket, pause: pause, until: deadline, metrics: metrics)
                }
            }
        }
        let elapsed = clock.now - measuredFrom
        let cost = LoadtestCost(start: await firstSample.value, end: await LoadtestCost.sample(server: server, http: http))
        return (metrics, elapsed, cost)
    }

    private static func echo(_ url: String, pause: Duration, until deadline: ContinuousClock.Instant, metrics: LoadtestMetrics) async {
        let payload = String(repeating: "m", count: messageBytes)
        var logger = Logger(label: "parlor.loadtest.echo")
        logger.logLevel = .critical
        do {
            try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                while ContinuousClock.now < deadline {
                    if pause > .zero { try await EventLoopSleep.sleep(for: pause * Double.random(in: 0.5...1.5)) }
                    let sent = ContinuousClock.now
                    try await outbound.write(.text(payload))
                    guard try await messages.next() != nil else {
                        metrics.error("echo_closed")
                        return
                    }
                    metrics.moveAcknowledged(after: .now - sent)
                }
            }
        } catch {
            metrics.error("echo_failed", example: String(describing: error))
        }
    }
}
