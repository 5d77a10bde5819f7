import Foundation
import Logging
import NIOWebSocket
import ParlorRealtime
import ServerTestSupport
import ServiceLifecycle
import Synchronization
import Testing
import TestSupport
import WSCore

@Suite struct RealtimeShutdownTests {
    @Test func gracefulShutdownClosesEverySocket() async throws {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let (app, hub, _) = makeRealtimeApplication(
            configuration: .forTests(), play: FakeRealtimePlay(), onServerRunning: { portSink.yield($0) })
        var logger = Logger(label: "realtime-shutdown")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: "good-alice")
            _ = try await socket.next("welcome")
            #expect(hub.connectionCount == 1)
            await group.triggerGracefulShutdown()
            let close = try await socket.closed()
            #expect(close?.closeCode == .goingAway || close?.closeCode == .normalClosure)
            #expect(await eventually { hub.connectionCount == 0 })
            try await tasks.waitForAll()
        }
    }
}
