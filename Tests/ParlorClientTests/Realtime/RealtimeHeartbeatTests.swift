import ServerTestSupport
import Foundation
import HummingbirdTesting
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Testing
import TestSupport

/// The client's heartbeat and its reconnect backoff.
@Suite("Client heartbeats and backoff", .timeLimit(.minutes(2)))
struct RealtimeHeartbeatTests {
    @Test("a path that dies without a word is noticed by the heartbeat, and the connection comes back; without one nothing notices")
    func heartbeat() async throws {
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let proxy = try await FreezableProxy(to: port)
            let client = ParlorClient(serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), transport: TestClientTransport(client: server.client))
            try await client.signIn(.guest(deviceID: UUID().uuidString))
            let session = client.session
            let url = try #require(URL(string: "ws://127.0.0.1:\(proxy.port)/ws"))
            func connect(heartbeat: Duration?) async -> RealtimeConnection {
                await RealtimeConnection.connect(
                    configuration: RealtimeConnectionConfiguration(
                        url: url, accessToken: { try await session.accessToken() }, reconnectDelay: { _ in .milliseconds(20) },
                        heartbeat: heartbeat))
            }
            let watched = await connect(heartbeat: .seconds(1))
            let unwatched = await connect(heartbeat: nil)
            for connection in [watched, unwatched] {
                #expect(await eventually(timeout: .seconds(30)) { await connection.isConnected })
            }
            proxy.freezeOpenConnections()
            // Two unanswered heartbeats later the socket is closed and a new one opened.
            #expect(await eventually(timeout: .seconds(30)) {
                let connects = await watched.statistics.connects
                return connects >= 2 ? await watched.isConnected : false
            })
            // At least once: on a machine this loaded a pong may come late for the new socket too.
            #expect(await watched.statistics.disconnects >= 1)
            // The same dead path, unwatched: the connection still believes it is open.
            #expect(await unwatched.statistics.connects == 1)
            #expect(await unwatched.statistics.disconnects == 0)
            #expect(await unwatched.isConnected)
            await watched.close()
            await unwatched.close()
            await proxy.close()
        }
    }

    @Test("a socket that hears frames sends no heartbeat pings; a silent one is pinged, answered and kept, and the answers are not delivered")
    func heartbeatOnlyWhenSilent() async throws {
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let client = ParlorClient(serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), transport: TestClientTransport(client: server.client))
            try await client.signIn(.guest(deviceID: UUID().uuidString))
            let session = client.session
            let connection = await RealtimeConnection.connect(
                configuration: RealtimeConnectionConfiguration(
                    url: try #require(URL(string: "ws://127.0.0.1:\(port)/ws")), accessToken: { try await session.accessToken() },
                    heartbeat: .seconds(2)))
            let pongs = Task {
                var ids: [String?] = []
                for await message in connection.inbound where message.type == .pong {
                    ids.append(try? message.decode(RealtimePong.self).id)
                }
                return ids
            }
            #expect(await eventually(timeout: .seconds(30)) { await connection.isConnected })
            // Busy: a frame comes back every 100 ms for twice the heartbeat.
            for index in 0..<40 {
                try await connection.send(RealtimePing(id: "app-\(index)"))
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(await connection.statistics.heartbeatPings == 0)
            // Silent: pinged after a heartbeat, answered, pinged again a heartbeat later.
            #expect(await eventually(timeout: .seconds(30)) { await connection.statistics.heartbeatPings >= 2 })
            #expect(await connection.statistics.disconnects == 0)
            #expect(await connection.statistics.connects == 1)
            await connection.close()
            let delivered = await pongs.value
            #expect(delivered.count == 40)
            #expect(!delivered.contains("parlor-heartbeat"))
        }
    }

    @Test("backoff windows double to the cap, and the wait is drawn from the whole window (full jitter)")
    func fullJitter() {
        let window = { (attempt: Int) in
            RealtimeConnectionConfiguration.fullJitter(attempt: attempt, initial: .milliseconds(200), maximum: .seconds(15), unit: 1)
        }
        #expect(window(1) == .milliseconds(200))
        #expect(window(4) == .milliseconds(1600))
        #expect(window(8) == .seconds(15))
        #expect(window(1000) == .seconds(15))
        #expect(RealtimeConnectionConfiguration.fullJitter(attempt: 3, initial: .milliseconds(200), maximum: .seconds(15), unit: 0) == .zero)
        let backoff = RealtimeConnectionConfiguration.exponentialBackoff()
        let waits = (0..<400).map { _ in backoff(5) }
        #expect(waits.allSatisfy { $0 >= .zero && $0 <= .milliseconds(3200) })
        // Spread over the whole window, not just its upper half.
        #expect(waits.contains { $0 < .milliseconds(800) } && waits.contains { $0 > .milliseconds(2400) })
    }
}
