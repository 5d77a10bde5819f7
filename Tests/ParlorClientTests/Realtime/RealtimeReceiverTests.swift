import ParlorAPI
import ServerTestSupport
import Foundation
import HummingbirdTesting
import ParlorClient
import Synchronization
import Testing

/// A connection made with a receiver: every message goes to it, in order, and then the end once.
@Suite("Client connection with a receiver", .timeLimit(.minutes(2)))
struct RealtimeReceiverTests {
    @Test("the receiver hears welcome and a subscribed game's state, then the end once; inbound stays empty")
    func receiver() async throws {
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = ParlorClient(serverURL: url, transport: TestClientTransport(client: server.client))
            try await client.signIn(.guest(deviceID: UUID().uuidString))
            let created = try await parlorCall {
                try await client.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
            }
            let game = try #require(UUID(uuidString: created.id))

            let heard = Mutex<[String]>([])
            let (deliveries, delivered) = AsyncStream<Void>.makeStream()
            let session = client.session
            let connection = RealtimeConnection(
                configuration: RealtimeConnectionConfiguration(
                    url: try #require(URL(string: "ws://127.0.0.1:\(port)/ws")), accessToken: { try await session.accessToken() }),
                receiver: { delivery in
                    switch delivery {
                    case .message(let message): heard.withLock { $0.append(message.type?.rawValue ?? "?") }
                    case .ended: heard.withLock { $0.append("ended") }
                    }
                    delivered.yield()
                })
            await connection.start()
            try await connection.subscribe(game: game)
            var next = deliveries.makeAsyncIterator()
            while !heard.withLock({ $0.contains("state") }) { await next.next() }
            #expect(heard.withLock { $0 } == ["welcome", "state"])

            await connection.close()
            await connection.close()
            #expect(heard.withLock { $0 } == ["welcome", "state", "ended"])
            #expect(await connection.inbound.first { _ in true } == nil, "nothing is queued for a reader")
        }
    }
}
