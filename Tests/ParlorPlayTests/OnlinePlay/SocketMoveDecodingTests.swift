import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import Quortex
import Testing

/// A socket move is decoded once, its action straight into the game's own type when the node
/// holds the game: a good action is played, a bad one is refused by the game with the move's
/// id, and a message without its fields never reaches the game.
@Suite(.timeLimit(.minutes(3))) struct SocketMoveDecodingTests {
    @Test func aMoveIsDecodedOnceIntoTheGamesTypeAndJudgedByTheGame() async throws {
        try await withOnlinePlayServer { server in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            let state = try await server.call(.get, "/games/\(game)", as: guests[0]).json
            let seats = state["seats"] as? [[String: Any]] ?? []
            let current = try #require((state["current_seats"] as? [Int])?.first)
            let mover = try #require(guests.first { guest in seats.contains { $0["user"] as? String == guest.user && $0["seat"] as? Int == current } })
            let port = try #require(server.client.port)
            let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: mover.token)
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            #expect(try await socket.next("state").game == game)
            socket.send(#"{"type":"move","game":"\#(game)","move_id":"bad-1","action":{"play":"7H"}}"#)
            let refused = try await socket.next("error")
            #expect(refused.code == "invalid_action" && refused.game == game)
            #expect(refused.moveID == "bad-1")
            #expect(refused.message?.contains("is not a Quortex action") == true, "\(refused.message ?? "")")

            socket.send(#"{"type":"move","game":"\#(game)","action":"d4r2"}"#)
            let malformed = try await socket.next("error")
            #expect(malformed.code == "malformed" && malformed.game == game, "no move_id: refused before the game sees it")

            let view = try GameJSON.decoder().decode(QuortexView.self, from: try JSONSerialization.data(withJSONObject: try #require(state["view"])))
            var random = GameRandom(seed: GameSeed(1))
            let move = try #require(OnlinePlayTests.quortexMove(view, current, &random))
            let action = String(decoding: try JSONEncoder().encode(move), as: UTF8.self)
            socket.send(#"{"type":"move","game":"\#(game)","move_id":"good-1","action":\#(action),"seq":0}"#)
            let ack = try await socket.next("ack")
            #expect(ack.seq == 1)
            socket.close()
            _ = try await socket.closed()
        }
    }
}
