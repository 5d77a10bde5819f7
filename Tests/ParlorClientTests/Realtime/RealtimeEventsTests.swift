import ParlorAPI
import ServerTestSupport
import Foundation
import GameCore
import HummingbirdTesting
import OpenAPIRuntime
import ParlorClient
import Quortex
import Testing

/// The SDK's real-time messages, split per game and for the user, on the session's token.
@Suite("Client real-time events", .timeLimit(.minutes(2)))
struct RealtimeEventsTests {
    @Test("an invitation reaches the invitee's user stream; a move reaches both players' game streams")
    func streams() async throws {
        try await withOnlinePlayServer { server in
            let port = try #require(server.client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let (ann, bob) = (
                ParlorClient(serverURL: url, transport: TestClientTransport(client: server.client)),
                ParlorClient(serverURL: url, transport: TestClientTransport(client: server.client))
            )
            let annUser = try await ann.signIn(.guest(deviceID: UUID().uuidString))
            let bobUser = try await bob.signIn(.guest(deviceID: UUID().uuidString))
            let annEvents = try #require(await ann.realtime())
            let bobEvents = try #require(await bob.realtime())
            var bobInbox = await bobEvents.user().makeAsyncIterator()
            var bobTyped = await bobEvents.userEvents().makeAsyncIterator()
            // Invitations reach sockets the server has welcomed.
            for events in [annEvents, bobEvents] {
                let deadline = ContinuousClock.now + .seconds(20)
                while await !events.connection.isConnected, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            }

            let created = try await parlorCall {
                try await ann.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
            }
            let invited = try await parlorCall {
                try await ann.api.inviteToGame(path: .init(gameID: created.id), body: .json(.init(users: [bobUser.id]))).created.body.json
            }
            #expect(invited.invitations.count == 1)
            var invitation = await bobInbox.next()
            while invitation?.type == .welcome { invitation = await bobInbox.next() }
            #expect(invitation?.type == .invitation)
            var typed = await bobTyped.next()
            while case .welcome? = typed { typed = await bobTyped.next() }
            guard case .invitation(let decoded)? = typed else { throw EventsFailure("not a typed invitation: \(String(describing: typed))") }
            #expect(decoded.game.uuidString.lowercased() == created.id && decoded.from == annUser.id)

            let code = try #require(created.inviteCode)
            let joined = try await parlorCall { try await bob.api.joinGameByCode(body: .json(.init(code: code))).ok.body.json }
            #expect(joined.id == created.id)
            let game = try #require(UUID(uuidString: created.id))
            var annGame = try await annEvents.game(game).makeAsyncIterator()
            var bobGame = try await bobEvents.game(game).makeAsyncIterator()
            var annTyped = try await annEvents.events(of: game, as: Quortex.self).makeAsyncIterator()
            #expect(await annGame.next()?.type == .state)
            #expect(await bobGame.next()?.type == .state)

            let current = try await parlorCall { try await ann.api.getGame(path: .init(gameID: created.id)).ok.body.json }
            let turn = try #require(current.currentSeats?.first)
            let mover = current.seats.first { $0.seat == turn }?.user == annUser.id ? ann : bob
            let mine = try await parlorCall { try await mover.api.getGame(path: .init(gameID: created.id)).ok.body.json }
            let view = try GameJSON.decoder().decode(QuortexView.self, from: try JSONEncoder().encode(mine.view))
            var random = GameRandom(seed: 2)
            let placement = try #require(RandomBot().choosePlacement(in: view.position, random: &random))
            let action = try JSONDecoder().decode(OpenAPIValueContainer.self, from: try JSONEncoder().encode(QuortexAction.place(placement)))
            let moved = try await parlorCall {
                try await mover.api.submitMove(path: .init(gameID: created.id), body: .json(.init(moveId: "m1", action: action))).ok.body.json
            }
            #expect(moved.game.seq == current.seq + 1)
            #expect(await annGame.next()?.type == .moveMade)
            var annEvent = await annTyped.next()
            if case .state? = annEvent { annEvent = await annTyped.next() }
            guard case .moveMade(let made)? = annEvent else { throw EventsFailure("not a typed move: \(String(describing: annEvent))") }
            #expect(made.view.position.board[placement.cell] != nil, "the move's view, decoded as Quortex's")
            #expect(await bobGame.next()?.type == .moveMade)
            await annEvents.connection.close()
            await bobEvents.connection.close()
        }
    }
}

struct EventsFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
