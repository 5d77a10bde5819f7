import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ParlorEvents
@testable import ParlorHTTP
@testable import ParlorPlay
@testable import ParlorRealtime
import ServiceLifecycle
import Testing

/// A real Hummingbird application on an ephemeral port with only the real-time route, its hub
/// (running as a service, as in the real application) and a fake game service behind it.
struct RealtimeTestServer: Sendable {
    let port: Int
    let hub: RealtimeHub
    let bus: LocalEventBus
    let play: FakeRealtimePlay

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// Publishes a move of `game` and returns its sequence number.
    @discardableResult
    func move(_ game: UUID) async -> Int {
        let seq = play.advance(game)
        await bus.publish(GameNotice.moved(game: game, seq: seq))
        return seq
    }
}

extension RealtimeConfiguration {
    /// Short durations so the time-dependent behaviour shows within a test.
    static func forTests(_ adjust: (inout RealtimeConfiguration) -> Void = { _ in }) -> RealtimeConfiguration {
        var configuration = RealtimeConfiguration(
            heartbeat: .seconds(5), authenticationTimeout: .seconds(5), closeTimeout: .milliseconds(300))
        adjust(&configuration)
        return configuration
    }
}

func withRealtimeServer(
    configuration: RealtimeConfiguration = .forTests(),
    play: FakeRealtimePlay = FakeRealtimePlay(),
    _ body: @escaping @Sendable (RealtimeTestServer) async throws -> Void
) async throws {
    let (app, hub, bus) = makeRealtimeApplication(configuration: configuration, play: play)
    try await app.test(.live) { client in
        let port = try #require(client.port)
        try await body(RealtimeTestServer(port: port, hub: hub, bus: bus, play: play))
    }
}

/// The application of ``withRealtimeServer``, for tests that run it themselves.
func makeRealtimeApplication(
    configuration: RealtimeConfiguration, play: FakeRealtimePlay,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> (some ApplicationProtocol, RealtimeHub, LocalEventBus) {
    var logger = Logger(label: "realtime-tests")
    logger.logLevel = .critical
    let bus = LocalEventBus()
    let hub = RealtimeHub(play: play, bus: bus, configuration: configuration, logger: logger)
    let router = Router(context: ParlorRequestContext.self)
    let app = Application(
        router: router,
        server: RealtimeRoutes.serverBuilder(hub: hub),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        services: [hub],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: logger
    )
    return (app, hub, bus)
}
