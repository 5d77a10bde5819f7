import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorTestSupport
import ServerTestSupport
import Testing

/// The creator of a waiting private game may cancel it: the game is `abandoned`, its code stops
/// working, its pending invitations answer `invitation_expired`, and every player and pending
/// invitee online receives its `state`. Anyone else, or a game no longer waiting, is refused.
@Suite(.timeLimit(.minutes(3))) struct WaitingGameCancelTests {
    @Test(arguments: TestDatabaseKind.available)
    func theCreatorCancelsAndEveryPlayerAndPendingInviteeIsTold(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (host, player, invitee, bystander) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
            let game = try #require(created.json["id"] as? String)
            let code = try #require(created.json["invite_code"] as? String)
            #expect(try await server.call(.post, "/games/join", as: player, body: #"{"code":"\#(code)"}"#).status == 200)
            let url = "ws://127.0.0.1:\(try #require(server.client.port))/ws"
            // The player and the invitee are online but follow no game: the news is addressed to them.
            let playerSocket = TestSocket(url: url, token: player.token)
            let inviteeSocket = TestSocket(url: url, token: invitee.token)
            let bystanderSocket = TestSocket(url: url, token: bystander.token)
            defer { [playerSocket, inviteeSocket, bystanderSocket].forEach { $0.close() } }
            for socket in [playerSocket, inviteeSocket, bystanderSocket] { _ = try await nextMessage(ofType: "welcome", on: socket) }
            let invited = try await server.call(.post, "/games/\(game)/invitations", as: player, body: #"{"users":["\#(invitee.user)"]}"#)
            let invitation = try #require((invited.json["invitations"] as? [[String: Any]])?.first?["id"] as? String)
            _ = try await nextMessage(ofType: "invitation", on: inviteeSocket)

            let cancelled = try await server.call(.post, "/games/\(game)/cancel", as: host)
            #expect(cancelled.status == 200)
            #expect(cancelled.json["status"] as? String == "abandoned")
            #expect(cancelled.json["invite_code"] == nil)
            #expect(cancelled.json["outcome"] == nil)

            for socket in [playerSocket, inviteeSocket] {
                let text = try await nextText(ofType: "state", on: socket)
                #expect(text.contains(#""status":"abandoned""#) && text.contains(game), "\(text)")
            }
            bystanderSocket.send(#"{"type":"ping","id":"after"}"#)
            #expect(try await bystanderSocket.next().type == "pong", "someone with no part in the game hears nothing")

            #expect((try await server.call(.get, "/invitations", as: invitee).json["invitations"] as? [Any])?.isEmpty == true, "the invitation is no longer pending")
            let accept = try await server.call(.post, "/invitations/\(invitation)/accept", as: invitee)
            #expect(accept.status == 409 && accept.json.errorCode == "invitation_expired")
            #expect(try await server.call(.post, "/games/join", as: invitee, body: #"{"code":"\#(code)"}"#).status == 404, "the code is gone")
            let listed = try await server.call(.get, "/games?status=abandoned", as: player)
            #expect((listed.json["games"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [game])
            #expect(seatedUsers(try await server.call(.get, "/games/\(game)", as: host).json).count == 2, "the players keep their places in the record")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func cancellingIsRefusedWithACodeAndChangesNothing(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let table = try await WaitingTable(on: server)
            let (host, player, stranger, game) = (table.host, table.player, table.stranger, table.game)

            let notCreator = try await server.call(.post, "/games/\(game)/cancel", as: player)
            #expect(notCreator.status == 403 && notCreator.json.errorCode == "not_the_creator")
            let notSeated = try await server.call(.post, "/games/\(game)/cancel", as: stranger)
            #expect(notSeated.status == 403 && notSeated.json.errorCode == "not_a_player")
            #expect(try await server.call(.post, "/games/\(UUID().uuidString.lowercased())/cancel", as: host).status == 404)
            #expect(try await server.call(.get, "/games/\(game)", as: host).json["status"] as? String == "waiting", "nothing was written")

            #expect(try await server.call(.post, "/games/\(game)/cancel", as: host).status == 200)
            let twice = try await server.call(.post, "/games/\(game)/cancel", as: host)
            #expect(twice.status == 409 && twice.json.errorCode == "game_abandoned")
            let leave = try await server.call(.post, "/games/\(game)/leave", as: player)
            #expect(leave.status == 409 && leave.json.errorCode == "game_abandoned")

            let started = try await server.table(game: "quortex", players: [host, player], mode: "turn_based").uuidString.lowercased()
            let active = try await server.call(.post, "/games/\(started)/cancel", as: host)
            #expect(active.status == 409 && active.json.errorCode == "game_started")
            #expect(try await server.call(.get, "/games/\(started)", as: host).json["status"] as? String == "active")
            #expect(try await server.call(.post, "/games/\(started)/resign", as: player, body: #"{"move_id":"r-1"}"#).status == 200)
            let finished = try await server.call(.post, "/games/\(started)/cancel", as: host)
            #expect(finished.status == 409 && finished.json.errorCode == "game_ended")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aCancelledRematchOfferLetsThePlayersOfferAnother(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (first, second) = (try await server.guest(), try await server.guest())
            let played = try await server.decide(winner: first, loser: second).uuidString.lowercased()
            let offer = try #require(try await server.call(.post, "/games/\(played)/rematch", as: first).json["id"] as? String)
            #expect(try await server.call(.post, "/games/\(offer)/cancel", as: first).json["status"] as? String == "abandoned")
            let again = try await server.call(.post, "/games/\(played)/rematch", as: second)
            #expect(again.status == 200)
            let next = try #require(again.json["id"] as? String)
            #expect(next != offer && again.json["status"] as? String == "waiting")
        }
    }
}

/// The text of the next message of `type` on `socket`.
func nextText(ofType type: String, on socket: TestSocket) async throws -> String {
    while true {
        let text = try await socket.nextText()
        if text.contains(#""type":"\#(type)""#) { return text }
    }
}

/// The next message of `type` on `socket`, skipping the others unread (an achievement's `game` is
/// its game's kind, which ``TestSocket/Message`` does not read).
func nextMessage(ofType type: String, on socket: TestSocket) async throws -> TestSocket.Message {
    try JSONDecoder().decode(TestSocket.Message.self, from: Data(try await nextText(ofType: type, on: socket).utf8))
}
