import Foundation
import HummingbirdTesting
import ParlorClient
import ParlorTestSupport
import Synchronization
import Testing

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
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let proxy = try await FreezableProxy(to: port)
            let client = ParlorClient(serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), transport: TestClientTransport(client: server.client))
            try await client.signIn(.guest(deviceID: UUID().uuidString))
            let session = client.session
            let connection = await RealtimeConnection.connect(
                configuration: RealtimeConnectionConfiguration(
                    url: try #require(URL(string: "ws://127.0.0.1:\(proxy.port)/ws")), accessToken: { try await session.accessToken() },
                    heartbeat: nil))
            #expect(await eventually(timeout: .seconds(30)) { await connection.isConnected })
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
