import ParlorAPI
import ServerTestSupport
import Foundation
import GameCore
import GameSession
import HummingbirdTesting
import ParlorClient
import Quortex
import Testing

/// The local multiplayer `GameStore`, bound to a game on the server through the SDK.
@Suite("Client online GameStore", .timeLimit(.minutes(2)))
struct OnlineGameEndpointTests {
    @Test("a move through the store shows the server's view; the opponent's store follows; a refused move is reported and changes nothing")
    func onlineStore() async throws {
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let players = [
                ParlorClient(serverURL: url, transport: TestClientTransport(client: server.client)),
                ParlorClient(serverURL: url, transport: TestClientTransport(client: server.client)),
            ]
            var users: [String] = []
            for player in players { users.append(try await player.signIn(.guest(deviceID: UUID().uuidString)).id) }
            let created = try await parlorCall {
                try await players[0].api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
            }
            let code = try #require(created.inviteCode)
            let joined = try await parlorCall { try await players[1].api.joinGameByCode(body: .json(.init(code: code))).ok.body.json }
            #expect(joined.id == created.id)
            let game = try #require(UUID(uuidString: created.id))
            var endpoints: [OnlineGameEndpoint<Quortex>] = []
            var connections: [RealtimeEvents] = []
            for player in players {
                let endpoint = OnlineGameEndpoint<Quortex>(client: player, game: game)
                let events = try #require(await player.realtime())
                try await endpoint.start(following: events)
                endpoints.append(endpoint)
                connections.append(events)
            }
            let first = try #require(await endpoints[0].snapshot().view)
            let moverIndex = users.firstIndex(of: first.players[try #require(first.currentSeat)].id) ?? 0
            let (mover, waiter) = (endpoints[moverIndex], endpoints[1 - moverIndex])
            let before = try #require(await mover.snapshot().view)
            var random = GameRandom(seed: 11)
            let placement = try #require(RandomBot().choosePlacement(in: before.position, random: &random))

            // Out of turn: refused by the server, reported, nothing shown changes.
            let waiterView = await waiter.snapshot().view
            do {
                try await waiter.perform(.place(placement))
                Issue.record("a move out of turn was accepted")
            } catch let error as GameError {
                #expect(error.code == .notYourTurn)
            }
            #expect(await waiter.snapshot().lastError?.code == .notYourTurn)
            #expect(await waiter.snapshot().view == waiterView)

            let shown = await Self.send(.place(placement), through: mover)
            #expect(shown.error == nil)
            #expect(shown.view?.currentSeat != before.currentSeat, "the turn passed")
            #expect(shown.waiting == false)
            // The opponent's store hears of it over the socket.
            let deadline = ContinuousClock.now + .seconds(20)
            while await waiter.snapshot().view?.currentSeat == before.currentSeat, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await waiter.snapshot().view?.currentSeat != before.currentSeat)
            for endpoint in endpoints { await endpoint.stop() }
            for events in connections { await events.connection.close() }
        }
    }

    /// A move through a `GameStore` bound to `endpoint`, as a SwiftUI view would send it.
    @MainActor
    static func send(_ action: QuortexAction, through endpoint: OnlineGameEndpoint<Quortex>) async -> (view: QuortexView?, error: GameError?, waiting: Bool) {
        let store = GameStore(endpoint: endpoint, isHost: false)
        await store.refresh()
        await store.send(action)
        return (store.view, store.lastError, store.snapshot.isWaitingForHost)
    }
}
