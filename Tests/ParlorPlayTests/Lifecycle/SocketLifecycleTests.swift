import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorTestSupport
import ServerTestSupport
import Testing

/// `leave_game` and `request_rematch` over a real WebSocket do what their REST routes do, and
/// answer with the channel's own frames: `player_left`, `ack`, `state`, or `error` with a code.
@Suite(.timeLimit(.minutes(3))) struct SocketLifecycleTests {
    static func socket(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest) async throws -> TestSocket {
        let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: guest.token)
        _ = try await nextMessage(ofType: "welcome", on: socket)
        return socket
    }

    @Test(arguments: TestDatabaseKind.available)
    func leaveGameGivesUpAWaitingPlaceAndRefusesWhatRESTRefuses(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let table = try await WaitingTable(on: server)
            let (host, player, stranger, game) = (table.host, table.player, table.stranger, table.game)
            let (hostSocket, playerSocket, strangerSocket) = (try await Self.socket(server, host), try await Self.socket(server, player), try await Self.socket(server, stranger))
            defer { [hostSocket, playerSocket, strangerSocket].forEach { $0.close() } }
            hostSocket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            _ = try await nextMessage(ofType: "state", on: hostSocket)

            strangerSocket.send(#"{"type":"leave_game","game":"\#(game)","move_id":"l-1"}"#)
            let refused = try await nextMessage(ofType: "error", on: strangerSocket)
            #expect(refused.code == "not_a_player" && refused.game == UUID(uuidString: game) && refused.moveID == "l-1")
            hostSocket.send(#"{"type":"leave_game","game":"\#(game)","move_id":"l-2"}"#)
            #expect(try await nextMessage(ofType: "error", on: hostSocket).code == "creator_cannot_leave")
            playerSocket.send(#"{"type":"leave_game","game":"\#(game)"}"#)
            let malformed = try await nextMessage(ofType: "error", on: playerSocket)
            #expect(malformed.code == "malformed" && malformed.game == UUID(uuidString: game))
            #expect(seatedUsers(try await server.call(.get, "/games/\(game)", as: host).json) == [host.user, player.user], "nothing changed yet")

            playerSocket.send(#"{"type":"leave_game","game":"\#(game)","move_id":"l-3"}"#)
            let answer = try await nextMessage(ofType: "player_left", on: playerSocket)
            #expect(answer.user == player.user && answer.game == UUID(uuidString: game))
            let seen = try await nextMessage(ofType: "player_left", on: hostSocket)
            #expect(seen.user == player.user)
            #expect(seatedUsers(try await server.call(.get, "/games/\(game)", as: host).json) == [host.user])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func leaveGameInAGameBeingPlayedResignsOnceHoweverOftenItIsSent(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (first, second) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [first, second], mode: "turn_based").uuidString.lowercased()
            let socket = try await Self.socket(server, second)
            defer { socket.close() }
            socket.send(#"{"type":"leave_game","game":"\#(game)","move_id":"bye"}"#)
            let ack = try await nextMessage(ofType: "ack", on: socket)
            #expect(ack.moveID == "bye")
            let ended = try await server.call(.get, "/games/\(game)", as: first)
            #expect(ended.json["status"] as? String == "completed")
            #expect((ended.json["outcome"] as? [String: Any])?["win_type"] as? String == "resignation")
            let seq = try #require(ended.json["seq"] as? Int)

            socket.send(#"{"type":"leave_game","game":"\#(game)","move_id":"bye"}"#)
            let repeated = try await nextText(ofType: "ack", on: socket)
            #expect(repeated.contains(#""repeated":true"#) && repeated.contains(#""seq":\#(seq)"#), "\(repeated)")
            #expect(try await server.call(.get, "/games/\(game)", as: first).json["seq"] as? Int == seq, "no second resignation")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func requestRematchOffersOrTakesThePlaceAsTheRESTRouteDoes(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (first, second, stranger) = (try await server.guest(), try await server.guest(), try await server.guest())
            let active = try await server.table(game: "quortex", players: [first, second], mode: "turn_based").uuidString.lowercased()
            let (firstSocket, secondSocket, strangerSocket) = (try await Self.socket(server, first), try await Self.socket(server, second), try await Self.socket(server, stranger))
            defer { [firstSocket, secondSocket, strangerSocket].forEach { $0.close() } }

            firstSocket.send(#"{"type":"request_rematch","game":"\#(active)"}"#)
            #expect(try await nextMessage(ofType: "error", on: firstSocket).code == "game_not_over")
            #expect(try await server.call(.post, "/games/\(active)/resign", as: second, body: #"{"move_id":"r"}"#).status == 200)
            strangerSocket.send(#"{"type":"request_rematch","game":"\#(active)"}"#)
            #expect(try await nextMessage(ofType: "error", on: strangerSocket).code == "not_a_player")
            firstSocket.send(#"{"type":"request_rematch"}"#)
            #expect(try await nextMessage(ofType: "error", on: firstSocket).code == "malformed")

            firstSocket.send(#"{"type":"request_rematch","game":"\#(active)"}"#)
            let offer = try await nextText(ofType: "state", on: firstSocket)
            #expect(offer.contains(#""status":"waiting""#), "\(offer)")
            let rematch = try #require(try await server.call(.get, "/games/\(active)", as: first).json["rematch"] as? String)
            #expect(offer.contains(rematch))
            // (Messages carry other ids in `game`, an achievement its game's kind: read as text.)
            #expect(try await nextText(ofType: "invitation", on: secondSocket).contains(rematch), "the other player is invited")

            secondSocket.send(#"{"type":"request_rematch","game":"\#(active)"}"#)
            let taken = try await nextText(ofType: "state", on: secondSocket)
            #expect(taken.contains(rematch) && taken.contains(#""status":"active""#), "both took their places: it starts: \(taken)")
        }
    }
}
