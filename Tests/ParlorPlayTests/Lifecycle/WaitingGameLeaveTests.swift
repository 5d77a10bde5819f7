import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorTestSupport
import ServerTestSupport
import Testing

/// A waiting private game can be left by a player who did not make it: their place is free again
/// for the invite code and the game's followers see them go. Everything else is refused with a
/// code, and changes nothing.
@Suite(.timeLimit(.minutes(3))) struct WaitingGameLeaveTests {
    @Test(arguments: TestDatabaseKind.available)
    func aPlayerLeavesAWaitingGameTheFollowersSeeThemGoAndThePlaceIsFreeAgain(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (host, leaver, latecomer, last) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
            let game = try #require(created.json["id"] as? String)
            let code = try #require(created.json["invite_code"] as? String)
            #expect(try await server.call(.post, "/games/join", as: leaver, body: #"{"code":"\#(code)"}"#).status == 200)
            let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: host.token)
            defer { socket.close() }
            _ = try await nextMessage(ofType: "welcome", on: socket)
            socket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            _ = try await nextMessage(ofType: "state", on: socket)
            let leaverSocket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: leaver.token)
            defer { leaverSocket.close() }
            _ = try await nextMessage(ofType: "welcome", on: leaverSocket)
            leaverSocket.send(#"{"type":"subscribe","game":"\#(game)"}"#)
            _ = try await nextMessage(ofType: "state", on: leaverSocket)

            #expect(try await server.call(.post, "/games/\(game)/leave", as: leaver).status == 204)

            let left = try await nextMessage(ofType: "player_left", on: socket)
            #expect(left.user == leaver.user && left.game == UUID(uuidString: game))
            let after = try await server.call(.get, "/games/\(game)", as: host)
            #expect(seatedUsers(after.json) == [host.user], "the leaver's place is gone")
            #expect(after.json["status"] as? String == "waiting")
            #expect(try await server.call(.get, "/games/\(game)", as: leaver).status == 403, "the leaver no longer reads a private game")
            #expect(try await server.call(.post, "/games/\(game)/leave", as: leaver).json.errorCode == "not_a_player", "leaving twice")
            // The freed place is taken by the code like any other.
            #expect(try await server.call(.post, "/games/join", as: latecomer, body: #"{"code":"\#(code)"}"#).status == 200)
            #expect(seatedUsers(try await server.call(.get, "/games/\(game)", as: host).json) == [host.user, latecomer.user])
            // The game fills and starts; the leaver, still subscribed, is not shown a private game's play.
            #expect(try await server.call(.post, "/games/join", as: last, body: #"{"code":"\#(code)"}"#).status == 200)
            _ = try await nextMessage(ofType: "game_started", on: socket)
            try await Task.sleep(for: .milliseconds(200))
            leaverSocket.send(#"{"type":"ping","id":"after"}"#)
            var seen: [String] = []
            while let message = try? await leaverSocket.next(), message.type != "pong" { seen.append(message.type) }
            #expect(!seen.contains("game_started") && !seen.contains("state"), "\(seen)")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func leavingIsRefusedWithACodeAndChangesNothing(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let table = try await WaitingTable(on: server)
            let (host, player, stranger, game) = (table.host, table.player, table.stranger, table.game)

            let notSeated = try await server.call(.post, "/games/\(game)/leave", as: stranger)
            #expect(notSeated.status == 403 && notSeated.json.errorCode == "not_a_player")
            let creator = try await server.call(.post, "/games/\(game)/leave", as: host)
            #expect(creator.status == 409 && creator.json.errorCode == "creator_cannot_leave")
            #expect(try await server.call(.post, "/games/\(UUID().uuidString.lowercased())/leave", as: player).status == 404)
            #expect(try await server.call(.post, "/games/not-a-game/leave", as: player).status == 404)
            #expect(try await server.call(.post, "/games/\(game)/leave", as: OnlinePlayServer.Guest(token: "nonsense", user: "x")).status == 401)
            #expect(seatedUsers(try await server.call(.get, "/games/\(game)", as: host).json) == [host.user, player.user], "nothing was written")

            // A started game is resigned, not left; a finished one is over.
            let started = try await server.table(game: "quortex", players: [host, player], mode: "turn_based")
            let startedID = started.uuidString.lowercased()
            let active = try await server.call(.post, "/games/\(startedID)/leave", as: player)
            #expect(active.status == 409 && active.json.errorCode == "game_started")
            #expect(try await server.call(.post, "/games/\(startedID)/resign", as: player, body: #"{"move_id":"r-1"}"#).status == 200)
            let finished = try await server.call(.post, "/games/\(startedID)/leave", as: player)
            #expect(finished.status == 409 && finished.json.errorCode == "game_ended")
            #expect(seatedUsers(try await server.call(.get, "/games/\(startedID)", as: host).json).count == 2)
        }
    }
}

/// The users seated in a game's REST form, in the order they came.
func seatedUsers(_ game: [String: Any]) -> [String] {
    (game["seats"] as? [[String: Any]] ?? []).compactMap { $0["user"] as? String }
}

extension Dictionary where Key == String, Value == Any {
    /// The `code` of an error envelope.
    var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
}
