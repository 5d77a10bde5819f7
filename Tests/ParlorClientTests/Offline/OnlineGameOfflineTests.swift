import ParlorAPI
import ServerTestSupport
import Foundation
import GameCore
import GameSession
import HTTPTypes
import HummingbirdTesting
import OpenAPIRuntime
import ParlorClient
import Quortex
import Synchronization
import Testing
import TestSupport

/// The online store with an offline queue: a move made without a network is shown at once,
/// kept, delivered once when the network is back, and a refused one is rolled back and reported.
@Suite("Client online GameStore offline", .timeLimit(.minutes(2)))
struct OnlineGameOfflineTests {
    /// A network that can be up, down, or lose answers after the server acted on the request.
    final class Network: ClientTransport, Sendable {
        enum State { case up, down, losingAnswers }
        let inner: TestClientTransport
        let state = Mutex(State.up)

        init(_ inner: TestClientTransport) { self.inner = inner }

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            switch state.withLock({ $0 }) {
            case .up: return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
            case .down: throw OfflineMoveQueueTests.Down.Unreachable()
            case .losingAnswers:
                _ = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
                throw OfflineMoveQueueTests.Down.Unreachable()
            }
        }
    }

    @Test("offline move shown and queued; delivered once although its first answer was lost; a queued move refused on reconnect is rolled back and reported")
    func offlineStore() async throws {
        try await withOnlinePlayServer { server in
            try await withTemporaryDirectory { directory in
                let port = try #require(server.client.port)
                let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let networks = [Network(TestClientTransport(client: server.client)), Network(TestClientTransport(client: server.client))]
                let players = networks.map { ParlorClient(serverURL: url, transport: $0) }
                var users: [String] = []
                for player in players { users.append(try await player.signIn(.guest(deviceID: UUID().uuidString)).id) }
                let created = try await parlorCall {
                    try await players[0].api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
                }
                let joined = try await parlorCall { try await players[1].api.joinGameByCode(body: .json(.init(code: created.inviteCode ?? ""))).ok.body.json }
                #expect(joined.id == created.id)
                let game = try #require(UUID(uuidString: created.id))
                var endpoints: [OnlineGameEndpoint<Quortex>] = []
                for (index, player) in players.enumerated() {
                    let queue = try OfflineMoveQueue(file: directory.appendingPathComponent("queue-\(index).json"))
                    let endpoint = OnlineGameEndpoint<Quortex>(client: player, game: game, offlineQueue: queue)
                    try await endpoint.start(following: nil)
                    endpoints.append(endpoint)
                }
                let first = try #require(await endpoints[0].snapshot().view)
                let moverIndex = users.firstIndex(of: first.players[try #require(first.currentSeat)].id) ?? 0
                let (mover, waiter) = (endpoints[moverIndex], endpoints[1 - moverIndex])
                func serverSeq() async throws -> Int {
                    try await parlorCall { try await players[0].api.getGame(path: .init(gameID: created.id)).ok.body.json }.seq
                }
                let seqBefore = try await serverSeq()
                let before = try #require(await mover.snapshot().view)
                var random = GameRandom(seed: 5)
                let placement = try #require(RandomBot().choosePlacement(in: before.position, random: &random))

                // The server gets the move but its answer is lost: shown, queued, not an error.
                networks[moverIndex].state.withLock { $0 = .losingAnswers }
                try await mover.perform(.place(placement))
                var snapshot = await mover.snapshot()
                #expect(snapshot.isWaitingForHost && snapshot.lastError == nil)
                #expect(snapshot.view?.position.board[placement.cell] != nil, "the move is shown at once")
                #expect(await mover.queuedMoves == 1)
                // Back online: sent again with the same move id, played once.
                networks[moverIndex].state.withLock { $0 = .up }
                let flush = try #require(await mover.deliverQueued())
                #expect(flush.delivered.count == 1 && flush.refused.isEmpty && flush.pending == 0)
                #expect(try await serverSeq() == seqBefore + 1, "played exactly once")
                snapshot = await mover.snapshot()
                #expect(!snapshot.isWaitingForHost && snapshot.lastError == nil)
                #expect(snapshot.view?.position.board[placement.cell] != nil)
                #expect(snapshot.view?.currentSeat != before.currentSeat)
                #expect(await mover.deliverQueued() == nil, "nothing left to send")

                // The waiter moves offline; meanwhile the mover resigns and the game ends.
                try await waiter.reload()
                let waiting = try #require(await waiter.snapshot().view)
                let reply = try #require(RandomBot().choosePlacement(in: waiting.position, random: &random))
                networks[1 - moverIndex].state.withLock { $0 = .down }
                try await waiter.perform(.place(reply))
                #expect(await waiter.snapshot().view?.position.board[reply.cell] != nil)
                #expect(await waiter.deliverQueued()?.pending == 1, "still offline: kept")
                let resigned = try await parlorCall {
                    try await players[moverIndex].api.resignGame(path: .init(gameID: created.id), body: .json(.init(moveId: "resign"))).ok.body.json
                }
                #expect(resigned.game.status == .completed)
                networks[1 - moverIndex].state.withLock { $0 = .up }
                let refused = try #require(await waiter.deliverQueued())
                #expect(refused.delivered.isEmpty && refused.refused.count == 1)
                #expect(await waiter.refusedMoves.map(\.error.code) == ["game_over"])
                snapshot = await waiter.snapshot()
                #expect(snapshot.lastError?.code == .gameOver)
                #expect(snapshot.view?.position.board[reply.cell] == nil, "the refused move is rolled back")
                #expect(!snapshot.isWaitingForHost)
                #expect(snapshot.view?.outcome != nil)
                #expect(try await serverSeq() == seqBefore + 2, "the resignation only")
            }
        }
    }
}
