import ParlorDatabase
import ServerTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOWebSocket
import ParlorTestSupport
import SQLKit
import Testing
import WSCore

@Suite("Deleting an account forgets the user in every capability")
struct AccountDeletionTests {
    @Test(arguments: TestDatabaseKind.available)
    func deletingAnAccountForgetsTheUserEverywhere(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let adam = try await server.guest()
            let bea = try await server.guest()
            let cal = try await server.guest()
            let name = "Adam Forgettable"
            #expect(try await server.call(.put, "/users/me", as: adam, body: #"{"display_name":"\#(name)"}"#).status == 200)

            // A game being played, a waiting game others stay in, a waiting game of Adam's alone
            // with an invitation out, a quick-match entry and synced stats.
            let playing = try await server.table(game: "quortex", players: [adam, bea], mode: "turn_based")
            let waiting = try await server.call(.post, "/games", as: bea, body: #"{"game_type":"crazy-eights","players":3,"mode":"turn_based"}"#)
            let waitingID = try #require(waiting.json["id"] as? String)
            let code = try #require(waiting.json["invite_code"] as? String)
            #expect(try await server.call(.post, "/games/join", as: adam, body: #"{"code":"\#(code)"}"#).status == 200)
            let alone = try await server.call(.post, "/games", as: adam, body: #"{"game_type":"crazy-eights","players":2,"mode":"turn_based"}"#)
            let aloneID = try #require(alone.json["id"] as? String)
            #expect(try await server.call(.post, "/games/\(aloneID)/invitations", as: adam, body: #"{"users":["\#(cal.user)"]}"#).status == 201)
            #expect(try await server.call(.post, "/matchmaking/quick", as: adam, body: #"{"game_type":"crazy-eights","players":4,"mode":"realtime"}"#).status == 200)
            let events = try batchBody([SyncEventFactory(now: Date()).game("phone-1", 1)])
            #expect(try await server.call(.post, "/sync/events", as: adam, body: String(decoding: events, as: UTF8.self)).status == 200)
            let before = try await server.call(.get, "/games/\(playing)", as: bea)
            #expect(try Self.names(in: before.json).contains(name), "the name is in the game before the deletion")

            let port = try #require(server.client.port)
            let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: adam.token)
            _ = try await socket.next("welcome")

            #expect(try await server.call(.delete, "/users/me", as: adam).status == 204)

            // The open socket is closed: its session has ended.
            let close = try await socket.closed()
            #expect(close?.closeCode == .policyViolation)
            #expect(close?.reason == "the account was deleted")

            // The game being played is over: Adam resigned it, and his name is gone from it.
            let after = try await server.call(.get, "/games/\(playing)", as: bea)
            #expect(after.json["status"] as? String == "completed")
            #expect((after.json["outcome"] as? [String: Any])?["win_type"] as? String == "resignation")
            #expect(try !Self.names(in: after.json).contains(name))
            #expect(try Self.names(in: after.json).contains("Deleted player"))
            // Bea keeps her place in the waiting game, without Adam; Adam's own waiting game is gone,
            // and with it Cal's invitation.
            let stillWaiting = try await server.call(.get, "/games/\(waitingID)", as: bea)
            #expect((stillWaiting.json["seats"] as? [[String: Any]])?.map { $0["user"] as? String } == [bea.user])
            #expect(try await server.call(.get, "/games/\(aloneID)", as: bea).status == 404)
            #expect((try await server.call(.get, "/invitations", as: cal).json["invitations"] as? [Any])?.isEmpty == true)
            // Nothing of Adam's is left in play or sync tables but his anonymous seat.
            let adamID = adam.user
            let (left, storedNames) = try await server.database.withConnection { sql in
                var left: [String: Int] = [:]
                for table in ["quick_match_queue", "player_ratings", "sync_events", "sync_heads", "sync_devices", "game_invitations"] {
                    let column = table == "game_invitations" ? "from_user" : "user_id"
                    left[table] = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(table)
                        .where(SQLIdentifier(column), .equal, adamID).first()?.decode(column: "n", as: Int.self)
                }
                let names = try await sql.select().column("name").from("game_players").all().map { try $0.decode(column: "name", as: String.self) }
                return (left, names)
            }
            #expect(left.values.allSatisfy { $0 == 0 }, "tables still holding the deleted user: \(left)")
            #expect(!storedNames.contains(name))
            #expect(try await server.call(.get, "/users/me/ratings", as: bea).status == 200)
        }
    }

    /// Every player name a game's representation shows: its seats and its view.
    static func names(in game: [String: Any]) throws -> [String] {
        let seats = (game["seats"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let players = ((game["view"] as? [String: Any])?["players"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        return seats + players
    }
}
