import Foundation
import ParlorClient
import ParlorRealtime
import ParlorTestSupport
import Synchronization
import Testing
import TestSupport

/// Sending on a socket whose peer reads slowly.
@Suite("Client sends under backpressure", .timeLimit(.minutes(2)))
struct RealtimeSendTests {
    /// A client message the server never sees (the path is stalled); large, so the socket's
    /// buffers fill after a few.
    struct Padding: Encodable {
        var type = "padding"
        var pad = String(repeating: "x", count: 256 * 1024)
    }

    @Test("a send cancelled while it waits for a full socket throws CancellationError, and the socket stays open")
    func cancelledWhileBlocked() async throws {
        // No heartbeat on either side: the stalled path must not be closed for silence meanwhile.
        try await withRealtimeServer(configuration: .forTests { $0.heartbeat = .seconds(600) }) { server in
            let proxy = try await FreezableProxy(to: server.port)
            let connection = await RealtimeConnection.connect(
                configuration: RealtimeConnectionConfiguration(
                    url: try #require(URL(string: "ws://127.0.0.1:\(proxy.port)/ws")), accessToken: { "good-alice" }, heartbeat: nil))
            #expect(await eventually(timeout: .seconds(30)) { await connection.isConnected })
            // Frozen too: bytes the proxy read before it stalled must not reach the server, which
            // closes the socket on a message larger than it accepts.
            proxy.freezeOpenConnections()
            proxy.stallOpenConnections()
            let progress = Mutex((started: 0, finished: 0))
            let sender = Task { () -> (any Error)? in
                do {
                    while true {
                        progress.withLock { $0.started += 1 }
                        try await connection.send(Padding())
                        progress.withLock { $0.finished += 1 }
                    }
                } catch {
                    return error
                }
            }
            // Blocked: a send started and has not finished for a while.
            var blockedFor = Duration.zero
            while blockedFor < .milliseconds(500) {
                try await Task.sleep(for: .milliseconds(100))
                let (started, finished) = progress.withLock { ($0.started, $0.finished) }
                blockedFor = started > finished ? blockedFor + .milliseconds(100) : .zero
            }
            sender.cancel()
            let error = await sender.value
            #expect(error is CancellationError, "got \(String(describing: error))")
            #expect(progress.withLock { $0.finished } > 0)
            #expect(await connection.isConnected)
            #expect(await connection.statistics.disconnects == 0)
            await connection.close()
            await proxy.close()
        }
    }
}
