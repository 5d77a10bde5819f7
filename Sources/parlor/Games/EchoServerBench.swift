import ArgumentParser
import Hummingbird
import HummingbirdWebSocket
import Logging
import ProcessStats

/// `parlor bench echo-server`: the baseline a move's cost is compared with. A bare Hummingbird
/// WebSocket echo (`GET /ws` sends every text frame back: no authentication, no JSON, no
/// database) and `GET /metrics` with the process's CPU and memory, which `parlor-loadtest --echo`
/// drives with the same sockets and pattern as a game load and reads before and after.
struct EchoServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo-server", abstract: "Serve a bare WebSocket echo on /ws (the baseline for parlor-loadtest --echo).")

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8090

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() async throws {
        // On the same threads as `serve`, so that the ratio compares like with like.
        ServerThreads.runConcurrencyOnEventLoops()
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.get("/metrics") { _, _ in ProcessUsage.current().prometheusText }
        router.ws("/ws") { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 16) {
                if case .text(let text) = message { try await outbound.write(.text(text)) }
            }
        }
        var logger = Logger(label: "parlor.echo")
        logger.logLevel = .warning
        let host = self.host
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(autoPing: .enabled(timePeriod: .seconds(15))))),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in say("Echo listening on http://\(host):\(channel.localAddress?.port ?? 0)") },
            logger: logger)
        try await app.runService()
    }
}
