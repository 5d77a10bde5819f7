import AppFoundation
import Foundation
import GameCore
import GameSession
import OpenAPIRuntime
import ParlorAPI
import ParlorClient
import ParlorLinks
import Quortex

extension QuortexGameClient {
    /// Against `client`'s server, with the moves made while it cannot be reached kept in
    /// `offlineQueueFile` (in memory when nil).
    public static func live(_ client: ParlorClient, offlineQueueFile: URL?) -> QuortexGameClient {
        let api = client.api
        return QuortexGameClient(
            game: { id throws(ParlorError) in
                try QuortexGameDetails.read(try await parlorCall { try await api.getGame(path: .init(gameID: id.wire)).ok.body.json })
            },
            open: { id throws(ParlorError) in
                try await parlorCall {
                    let events = await client.realtime()
                    let queue = try OfflineMoveQueue(file: offlineQueueFile)
                    let endpoint = OnlineGameEndpoint<Quortex>(client: client, game: id, offlineQueue: queue)
                    do {
                        try await endpoint.start(following: events)
                    } catch {
                        await events?.connection.close()
                        throw error
                    }
                    return await QuortexGameConnection.live(endpoint) {
                        await endpoint.stop()
                        await events?.connection.close()
                    }
                }
            },
            attach: { endpoint in
                // The match flow owns what it opened and closes it itself.
                guard let online = endpoint as? OnlineGameEndpoint<Quortex> else { return .withoutServer(endpoint) }
                return await .live(online) {}
            },
            resign: { id throws(ParlorError) in
                _ = try await parlorCall { try await api.resignGame(path: .init(gameID: id.wire), body: .json(.init(moveId: UUID().uuidString))).ok }
            },
            hint: { id, hintID throws(ParlorError) in
                let hint = try await parlorCall { try await api.getHint(path: .init(gameID: id.wire), body: .json(.init(hintId: hintID))).ok.body.json }
                guard case .place(let placement) = try? decodeWire(QuortexAction.self, from: hint.action) else {
                    throw ParlorError(kind: .unexpectedResponse, code: "unreadable_hint", message: "the server's hint is not a placement")
                }
                return QuortexHint(placement: placement, remaining: hint.remaining)
            },
            rating: { () async throws(ParlorError) -> Int? in
                let ratings = try await parlorCall { try await api.getMyRatings().ok.body.json }.ratings
                return ratings.first { $0.gameType == Quortex.gameType.rawValue }?.rating
            },
            rematch: { id throws(ParlorError) in
                try QuortexGameDetails.read(try await parlorCall { try await api.rematchGame(path: .init(gameID: id.wire)).ok.body.json })
            },
            rematchOffer: { id throws(ParlorError) in
                let game = try await parlorCall { try await api.getGame(path: .init(gameID: id.wire)).ok.body.json }
                if let named = game.rematch.flatMap(UUID.init(uuidString:)) { return named }
                // The offer reaches the others as an invitation to the new game, from a player of
                // this one, made after it ended (the game may not name its rematch).
                let players = Set(game.seats.map(\.user))
                let since = game.endedAt ?? game.createdAt
                let invitations = try await parlorCall { try await api.listInvitations().ok.body.json }.invitations
                let offer = invitations.first { invitation in
                    players.contains(invitation.from) && invitation.game.status == .waiting && invitation.game.gameType == game.gameType
                        && invitation.game.createdAt >= since
                }
                return offer.flatMap { UUID(uuidString: $0.game.id) }
            },
            replay: { id throws(ParlorError) in
                let answer = try await parlorCall { try await api.getGameRecord(path: .init(gameID: id.wire)).ok.body.json }
                let record: GameRecord<Quortex>
                do {
                    record = try decodeWire(GameRecord<Quortex>.self, from: answer.record)
                } catch {
                    throw ParlorError(kind: .unexpectedResponse, code: "unreadable_record", message: "the game's record does not read: \(error)")
                }
                return QuortexReplay(record, game: id)
            })
    }
}

extension UUID {
    /// The id as the server writes it in a path.
    fileprivate var wire: String { uuidString.lowercased() }
}

/// A value the generated client holds untyped (`action`, `record`), read with the game's types.
private func decodeWire<Value: Decodable>(_ type: Value.Type, from container: some Encodable) throws -> Value {
    try GameJSON.decoder().decode(Value.self, from: try JSONEncoder().encode(container))
}

extension QuortexGameConnection {
    /// Over the SDK's endpoint: its chat and queue, the network read from its connection and queue.
    static func live(_ endpoint: OnlineGameEndpoint<Quortex>, close: @escaping @Sendable () async -> Void) async -> QuortexGameConnection {
        let network = NetworkMonitor.polling(connection: await endpoint.connection, queue: await endpoint.offlineQueue)
        return QuortexGameConnection(
            endpoint: endpoint,
            chatEvents: {
                guard let events = try? await endpoint.chatEvents() else { return AsyncStream { $0.finish() } }
                let (stream, continuation) = AsyncStream.makeStream(of: QuortexChatEvent.self)
                let pump = Task {
                    for await event in events {
                        switch event {
                        case .line(let line):
                            continuation.yield(.line(QuortexChatLine(userID: line.user, name: line.name, text: line.text, at: line.at, serverID: line.id)))
                        case .refused(let refusal): continuation.yield(.refused(ParlorError(chatRefusal: refusal)))
                        }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in pump.cancel() }
                return stream
            },
            sendChat: { text throws(ParlorError) in try await parlorCall { try await endpoint.sendChat(text) } },
            queuedMoves: { await endpoint.queuedMoveList().map { QuortexQueuedMove(id: $0.moveID, notation: notation($0.action)) } },
            refusedMoves: {
                await endpoint.refusedMoves.map { QuortexRefusedMove(id: $0.move.moveID, notation: notation($0.move.action), reason: $0.error.message) }
            },
            deliverQueued: { _ = await endpoint.deliverQueued() },
            network: network,
            close: close)
    }

    /// For an endpoint that is not the server's (a table against bots): no chat, nothing queued, always online.
    static func withoutServer(_ endpoint: any GameSessionEndpoint<Quortex>) -> QuortexGameConnection {
        QuortexGameConnection(
            endpoint: endpoint, chatEvents: { AsyncStream { $0.finish() } },
            sendChat: { _ throws(ParlorError) in
                throw ParlorError(kind: .unexpectedResponse, code: "no_chat", message: "this game has no chat")
            },
            queuedMoves: { [] }, refusedMoves: { [] }, deliverQueued: {},
            network: NetworkMonitor { AsyncStream { $0.yield(.init(hasNetwork: true, realtimeConnected: true)) } }, close: {})
    }

    /// A queued action as move notation, or its raw JSON when it is not a Quortex move.
    private static func notation(_ action: Data) -> String {
        (try? GameJSON.decoder().decode(QuortexAction.self, from: action))?.notation ?? String(decoding: action, as: UTF8.self)
    }
}

extension QuortexGameDetails {
    /// The server's game, refused when it does not name itself by a game id.
    static func read(_ game: Components.Schemas.Game) throws(ParlorError) -> QuortexGameDetails {
        guard let id = UUID(uuidString: game.id) else {
            throw ParlorError(kind: .unexpectedResponse, code: "bad_game_id", message: "the server named game '\(game.id)'")
        }
        return QuortexGameDetails(game, id: id)
    }

    private init(_ game: Components.Schemas.Game, id: UUID) {
        let status: Status =
            switch game.status {
            case .waiting: .waiting
            case .active: .active
            // A cancelled or expired game is over like a finished one, with no outcome.
            case .completed, .abandoned: .completed
            }
        self.init(
            id: id, status: status, isRealtime: game.mode == .realtime, players: game.players,
            places: game.seats.map { Place(seat: $0.seat, userID: $0.user, name: $0.name, present: $0.present, resigned: $0.resigned) },
            yourSeat: game.yourSeat, outcome: game.outcome.map { GameOutcome(winners: $0.winners, winType: WinType(rawValue: $0.winType)) },
            rematch: game.rematch.flatMap(UUID.init(uuidString:)), turnDeadline: game.turnDeadline)
    }
}

extension QuortexReplay {
    /// The game's link and its moves, as a message a friend can read or paste into `parlor quortex`.
    init(_ record: GameRecord<Quortex>, game: UUID) {
        // The shared replay link: the server's replay page, or the game in the app.
        let link = DeepLinkRouter(product: .quortex).universalLink(.replay(game))
        let names = record.seats.map(\.name)
        let result: String
        if let outcome = record.outcome {
            let winners = outcome.winners.map { names.indices.contains($0) ? names[$0] : "P\($0 + 1)" }
            result = (winners.isEmpty ? "Nobody won" : winners.joined(separator: " and ") + " won") + " (\(outcome.winType.rawValue))"
        } else {
            result = "Game over"
        }
        let moves = record.actions.map(\.action.notation)
        let count = moves.count
        self.init(
            link: link, subject: "Quortex: " + names.joined(separator: " vs "),
            message: "\(result) in \(count) move\(count == 1 ? "" : "s"): " + moves.joined(separator: " "))
    }
}
