import GameSession
import ParlorAPI
import ServerTestSupport
import Foundation
import GameCore
import ParlorClient
import Quortex
import TestSupport

/// Two players at a turn-based Quortex game, each through the SDK over a counting transport, each
/// with an online endpoint (following the game on a real-time connection of their own when
/// `realtime`), sorted so that `mover` is the one whose turn it is.
struct SDKTable {
    struct Player {
        let client: ParlorClient
        let transport: CountingTransport
        let user: String
        let events: RealtimeEvents?
        let endpoint: OnlineGameEndpoint<Quortex>

        /// REST requests so far, and real-time messages sent other than heartbeat pings.
        func costs() async -> (requests: Int, messages: Int) {
            let statistics = await events?.connection.statistics
            return (transport.operations.count, (statistics?.messagesSent ?? 0) - (statistics?.heartbeatPings ?? 0))
        }

        func view() async throws -> QuortexView {
            guard let view = await endpoint.snapshot().view else { throw TestSetupError("no view") }
            return view
        }
    }

    let game: UUID
    let mover: Player
    let waiter: Player

    /// Seats two fresh guests. `queues[i]` is player `i`'s offline queue; `reconnectDelay`
    /// their connections' pause before reconnecting.
    static func make(
        on server: OnlinePlayServer, realtime: Bool = true, queues: [OfflineMoveQueue?] = [nil, nil],
        reconnectDelay: Duration = .milliseconds(50)
    ) async throws -> SDKTable {
        let url = try server.url()
        var clients: [(ParlorClient, CountingTransport, String)] = []
        for _ in 0..<2 {
            let transport = CountingTransport(TestClientTransport(client: server.client))
            let client = ParlorClient(serverURL: url, transport: transport)
            clients.append((client, transport, try await client.signIn(.guest(deviceID: UUID().uuidString)).id))
        }
        let created = try await parlorCall {
            try await clients[0].0.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
        }
        let joined = try await parlorCall { try await clients[1].0.api.joinGameByCode(body: .json(.init(code: created.inviteCode ?? ""))).ok.body.json }
        guard joined.id == created.id, let game = UUID(uuidString: created.id) else { throw TestSetupError("the join answered another game") }
        var players: [Player] = []
        for (index, (client, transport, user)) in clients.enumerated() {
            let events = realtime ? await client.realtime(reconnectDelay: { _ in reconnectDelay }) : nil
            let endpoint = OnlineGameEndpoint<Quortex>(client: client, game: game, offlineQueue: queues[index])
            try await endpoint.start(following: events)
            players.append(Player(client: client, transport: transport, user: user, events: events, endpoint: endpoint))
        }
        // Followed once each socket is open and the subscription's `state` is in.
        for player in players {
            guard let connection = player.events?.connection else { continue }
            let followed = await eventually(timeout: .seconds(30)) {
                guard await connection.isConnected else { return false }
                return await connection.lastSeq(of: game) != nil
            }
            guard followed else {
                throw TestSetupError("the game's subscription never answered")
            }
        }
        let view = try await players[0].view()
        guard let seat = view.currentSeat else { throw TestSetupError("nobody's turn") }
        let moverIndex = view.players[seat].id == players[0].user ? 0 : 1
        return SDKTable(game: game, mover: players[moverIndex], waiter: players[1 - moverIndex])
    }

    /// A legal placement for whoever's turn it is in `view`.
    static func placement(in view: QuortexView, seed: GameSeed) throws -> QuortexAction {
        var random = GameRandom(seed: seed)
        guard let placement = RandomBot().choosePlacement(in: view.position, random: &random) else { throw TestSetupError("no legal placement") }
        return .place(placement)
    }

    /// The game's sequence number as the server has it.
    func serverSeq() async throws -> Int {
        try await parlorCall { try await mover.client.api.getGame(path: .init(gameID: game.uuidString.lowercased())).ok.body.json }.seq
    }

    func close() async {
        for player in [mover, waiter] {
            await player.endpoint.stop()
            await player.events?.connection.close()
        }
    }
}
