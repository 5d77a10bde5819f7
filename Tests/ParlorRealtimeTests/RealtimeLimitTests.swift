import Foundation
@testable import ParlorRealtime
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import WSCore

@Suite struct RealtimeLimitTests {
    /// A client that stops reading is cut off once its queue is full, the server never holds
    /// more than the queue limit for it, and a client reading the same game is not held up.
    @Test func aClientThatNeverReadsIsDisconnectedWithBoundedMemory() async throws {
        let configuration = RealtimeConfiguration.forTests {
            $0.outgoingQueueLimit = 16
            $0.heartbeat = .seconds(120)  // only the full queue may cut alice off
        }
        try await withRealtimeServer(configuration: configuration, play: FakeRealtimePlay(padding: 15_000)) { server in
            let game = UUID()
            let stuck = TestSocket(url: server.url, token: "good-alice", reading: false)
            let reader = TestSocket(url: server.url, token: "good-bob")
            _ = try await reader.next("welcome")
            #expect(await eventually { server.hub.connections(of: "alice").count == 1 })
            let connection = try #require(server.hub.connections(of: "alice").first)
            stuck.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            reader.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            #expect(await eventually { server.hub.subscriberCount(of: game) == 2 })
            _ = try await reader.next("state")
            // Paced by the reader, so however loaded the machine, only the stuck client's queue
            // fills, once its socket buffers are full.
            let published = await publishPaced(server, game, reader: reader, until: { server.hub.connections(of: "alice").isEmpty })
            #expect(server.hub.connections(of: "alice").isEmpty)
            #expect(connection.deepestQueue <= 16)
            let rendered = renders(server, "alice")
            // Frames went into the socket buffers until they filled (on a starved machine, perhaps
            // none), then the queue filled: alice was cut off before the end.
            #expect(rendered < published)
            #expect(await eventually { server.play.recorded.withLock { $0.unsubscribes.map(\.user) } == ["alice"] })
            // Bob read everything, undisturbed.
            #expect(await eventually { reader.last?.seq == published })
            #expect(server.hub.connections(of: "bob").count == 1)
            reader.close()
            _ = try await reader.closed()
            stuck.abandon()
            _ = try? await stuck.closed()
        }
    }

    @Test func aClientThatDoesNotAnswerPingsIsClosed() async throws {
        // Five seconds: a client that answers must survive the test process being starved for a
        // few seconds beside the CPU-bound suites and the command tests' processes (CI saw it
        // closed at one second, and at two with the bots test running).
        let configuration = RealtimeConfiguration.forTests { $0.heartbeat = .seconds(5) }
        try await withRealtimeServer(configuration: configuration) { server in
            let silent = TestSocket(url: server.url, token: "good-alice", reading: false)
            let live = TestSocket(url: server.url, token: "good-bob")
            _ = try await live.next("welcome")
            #expect(await eventually { server.hub.connections(of: "alice").count == 1 })
            #expect(await eventually(timeout: .seconds(30)) { server.hub.connections(of: "alice").isEmpty })
            // Bob's client answers every ping while reading, so he is still there.
            try await Task.sleep(for: .milliseconds(600))
            #expect(server.hub.connections(of: "bob").count == 1)
            live.send(#"{"type":"ping","id":"alive"}"#)
            #expect(try await live.next().id == "alive")
            live.close()
            _ = try await live.closed()
            silent.abandon()
            _ = try? await silent.closed()
        }
    }

    private func renders(_ server: RealtimeTestServer, _ user: String) -> Int {
        server.play.recorded.withLock { $0.renders.filter { $0.user == user }.count }
    }

    /// Publishes moves, each once `reader` has received the previous one, until `done`; returns
    /// the last sequence number.
    private func publishPaced(
        _ server: RealtimeTestServer, _ game: UUID, reader: TestSocket, until done: @Sendable () -> Bool
    ) async -> Int {
        var published = 0
        while !done(), published < 20_000 {
            let seq = await server.move(game)
            published = seq
            await eventually(timeout: .seconds(10)) { reader.last.map { ($0.seq ?? 0) >= seq } ?? false }
        }
        return published
    }
}
