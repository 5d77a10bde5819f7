import Foundation
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Synchronization
import Testing
import TestSupport

/// A game's chat through the SDK against the real server: the lines said while a player's socket
/// was down come back with the `state` answering the resubscription, each stored line once, and a
/// line past the per-user limit comes back as a `rate_limited` refusal with the wait.
@Suite("Client game chat", .timeLimit(.minutes(2)))
struct OnlineGameChatTests {
    /// Every line a chat stream yields, in order.
    final class Heard: Sendable {
        private let lines = Mutex<[RealtimeChatMessage]>([])
        private let refusals = Mutex<[RealtimeError]>([])
        var texts: [String] { lines.withLock { $0.map(\.text) } }
        var ids: [String?] { lines.withLock { $0.map(\.id) } }
        var refused: [RealtimeError] { refusals.withLock { $0 } }

        func follow(_ stream: AsyncStream<RealtimeChatMessage>) -> Task<Void, Never> {
            Task { for await line in stream { lines.withLock { $0.append(line) } } }
        }

        func follow(_ stream: AsyncStream<OnlineGameChatEvent>) -> Task<Void, Never> {
            Task {
                for await event in stream {
                    switch event {
                    case .line(let line): lines.withLock { $0.append(line) }
                    case .refused(let refusal): refusals.withLock { $0.append(refusal) }
                    }
                }
            }
        }
    }

    @Test("a player whose socket dropped hears the lines said meanwhile once, in order, and live ones after", arguments: TestDatabaseKind.available)
    func reconnectReplaysTheMissedLinesOnce(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            // A slow reconnect, so lines are said while the socket is down.
            let table = try await SDKTable.make(on: server, reconnectDelay: .seconds(3))
            defer { Task { await table.close() } }
            let (speaker, listener) = (table.mover, table.waiter)
            let listenerConnection = try #require(listener.events?.connection)
            let spoken = Heard()
            let heard = Heard()
            let speaking = spoken.follow(try #require(await speaker.endpoint.chatLines()))
            let hearing = heard.follow(try #require(await listener.endpoint.chatLines()))
            defer {
                speaking.cancel()
                hearing.cancel()
            }

            try await speaker.endpoint.sendChat("one")
            #expect(await eventually(timeout: .seconds(10)) { heard.texts == ["one"] })

            await listenerConnection.killSocket()
            #expect(await !listenerConnection.isConnected)
            try await speaker.endpoint.sendChat("two")
            try await speaker.endpoint.sendChat("three")
            #expect(await eventually(timeout: .seconds(10)) { spoken.texts == ["one", "two", "three"] }, "stored, as the sender heard them")
            #expect(await !listenerConnection.isConnected, "said while the listener was away")

            #expect(await eventually(timeout: .seconds(15)) { heard.texts == ["one", "two", "three"] }, "\(heard.texts)")
            #expect(await listenerConnection.statistics.connects >= 2)
            try await speaker.endpoint.sendChat("four")
            // A replayed line heard twice would stand before "four".
            #expect(await eventually(timeout: .seconds(10)) { heard.texts.count >= 4 })
            #expect(heard.texts == ["one", "two", "three", "four"])
            #expect(Set(heard.ids.compactMap { $0 }).count == 4 && heard.ids == spoken.ids, "the stored lines' ids")

            // A chat opened later starts from the game's kept lines.
            let later = Heard()
            let reading = later.follow(try #require(await listener.endpoint.chatLines()))
            defer { reading.cancel() }
            #expect(await eventually(timeout: .seconds(10)) { later.texts == ["one", "two", "three", "four"] }, "\(later.texts)")
        }
    }

    @Test("a line past the per-user limit is refused on the chat stream with the seconds to wait, and not delivered", arguments: TestDatabaseKind.available)
    func tooManyLinesAreRefusedWithTheWait(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let table = try await SDKTable.make(on: server)
            defer { Task { await table.close() } }
            let (speaker, listener) = (table.mover, table.waiter)
            let own = Heard()
            let heard = Heard()
            let speaking = own.follow(try #require(await speaker.endpoint.chatEvents()))
            let hearing = heard.follow(try #require(await listener.endpoint.chatEvents()))
            defer {
                speaking.cancel()
                hearing.cancel()
            }
            // The default limit: 20 lines a minute.
            for line in 1...21 { try await speaker.endpoint.sendChat("line \(line)") }
            #expect(await eventually(timeout: .seconds(15)) { own.refused.count == 1 && own.texts.count == 20 })
            let refusal = try #require(own.refused.first)
            #expect(refusal.code == "rate_limited")
            #expect((1...60).contains(refusal.retryAfter ?? 0), "the seconds to wait: \(String(describing: refusal.retryAfter))")
            let error = ParlorError(chatRefusal: refusal)
            #expect(error.kind == .rateLimited && error.retryAfter == refusal.retryAfter)
            #expect(await eventually(timeout: .seconds(10)) { heard.texts.count == 20 })
            #expect(!heard.texts.contains("line 21") && heard.refused.isEmpty, "the refusal is the sender's alone")
        }
    }
}
