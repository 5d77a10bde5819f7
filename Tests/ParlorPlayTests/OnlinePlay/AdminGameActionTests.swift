import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// Staff resign a seat and end a game: the rules decide what a resignation does, an ended game
/// has no result, players hear of both over their sockets, each action leaves one audit record,
/// and players, unknown games and games in the wrong state are refused without a change.
@Suite(.timeLimit(.minutes(5))) struct AdminGameActionTests {
    @Test(arguments: TestDatabaseKind.available)
    func resigningASeatEndsATwoPlayerGameAsTheRulesSay(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let moderator = try await server.staff(.moderator)
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            let seats = try await Self.seats(server, id, as: ann)
            let (annSeat, bobSeat) = (try #require(seats[ann.user]), try #require(seats[bob.user]))
            let bobSocket = try await Audience.socket(server, bob)
            defer { bobSocket.close() }
            _ = try await Audience.subscribe(bobSocket, game)

            let path = "/admin/games/\(id)/seats/\(annSeat)/resign"
            for player in [ann, bob] {
                let refused = try await server.call(.post, path, as: player, body: #"{"reason":"walked away"}"#)
                #expect(refused.status == 403, "\(refused)")
            }
            #expect(try await server.call(.post, "/admin/games/\(UUID().uuidString.lowercased())/seats/0/resign", as: moderator, body: #"{"reason":"r"}"#).status == 404)
            #expect(try await server.call(.post, "/admin/games/not-a-game/seats/0/resign", as: moderator, body: #"{"reason":"r"}"#).status == 404)
            let noSeat = try await server.call(.post, "/admin/games/\(id)/seats/5/resign", as: moderator, body: #"{"reason":"r"}"#)
            #expect(noSeat.status == 404, "\(noSeat)")
            for body in [#"{}"#, #"{"reason":"  "}"#, #"{"reason":"\#(String(repeating: "r", count: 501))"}"#] {
                #expect(try await server.call(.post, path, as: moderator, body: body).status == 400, "\(body)")
            }
            #expect(try await server.call(.post, "/admin/games/\(id)/seats/x/resign", as: moderator, body: #"{"reason":"r"}"#).status == 400)
            #expect(try await server.call(.get, "/games/\(id)", as: ann).json["status"] as? String == "active", "nothing changed")
            #expect(try await Self.audit(server, "game.seat.resign").isEmpty)

            let resigned = try await server.call(.post, path, as: moderator, body: #"{"reason":"walked away"}"#)
            #expect(resigned.status == 200, "\(resigned)")
            #expect(resigned.json["status"] as? String == "completed")
            #expect(resigned.json["winners"] as? [Int] == [bobSeat])
            let players = resigned.json["players"] as? [[String: Any]] ?? []
            #expect(players.first { $0["user_id"] as? String == ann.user }?["resigned"] as? Bool == true)
            let ended = try await nextText(ofType: "game_ended", on: bobSocket)
            #expect(ended.contains(id), "the other player hears the end as of any move: \(ended)")

            let records = try await Self.audit(server, "game.seat.resign")
            #expect(records.count == 1)
            #expect(records.first?.entry.targetKind == "game" && records.first?.entry.targetID == id)
            #expect(records.first?.entry.reason == "walked away" && records.first?.entry.actor == moderator.user)
            #expect(records.first?.entry.details == ["seat": String(annSeat), "user": ann.user])

            let again = try await server.call(.post, path, as: moderator, body: #"{"reason":"walked away"}"#)
            #expect(again.status == 200 && again.json["status"] as? String == "completed", "a resigned seat answers the game as it is")
            #expect(try await Self.audit(server, "game.seat.resign").count == 1, "and records nothing again")
            let over = try await server.call(.post, "/admin/games/\(id)/seats/\(bobSeat)/resign", as: moderator, body: #"{"reason":"r"}"#)
            #expect(over.status == 409 && over.json.errorCode == "game_not_active", "\(over)")

            let waiting = try #require(
                try await server.call(.post, "/games", as: ann, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).json["id"] as? String)
            let notStarted = try await server.call(.post, "/admin/games/\(waiting)/seats/0/resign", as: moderator, body: #"{"reason":"r"}"#)
            #expect(notStarted.status == 409 && notStarted.json.errorCode == "game_not_active")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func resigningOneOfThreeCrazyEightsSeatsLetsTheGameGoOn(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = try await server.admin()
            let guests = [try await server.guest(), try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "crazy-eights", players: guests, mode: "turn_based")
            let id = game.uuidString.lowercased()
            let seats = try await Self.seats(server, id, as: guests[0])
            let seat = try #require(seats[guests[2].user])
            let resigned = try await server.call(.post, "/admin/games/\(id)/seats/\(seat)/resign", as: admin, body: #"{"reason":"cheating"}"#)
            #expect(resigned.status == 200, "\(resigned)")
            #expect(resigned.json["status"] as? String == "active", "two players are left: the game goes on")
            let players = resigned.json["players"] as? [[String: Any]] ?? []
            #expect(players.filter { $0["resigned"] as? Bool == true }.compactMap { $0["user_id"] as? String } == [guests[2].user])
            let view = try await server.call(.get, "/games/\(id)", as: guests[0]).json
            let resignedSeats = (view["seats"] as? [[String: Any]] ?? []).filter { $0["resigned"] as? Bool == true }.compactMap { $0["seat"] as? Int }
            #expect(resignedSeats == [seat], "the players see the seat resigned")
            #expect(try await Self.audit(server, "game.seat.resign").count == 1)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func endingAGameLeavesItWithNoResultAndTellsThePlayers(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let moderator = try await server.staff(.moderator)
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            var random = GameRandom(seed: 3)
            try await server.playTurn(game, guests: [ann, bob], random: &random)
            let annSocket = try await Audience.socket(server, ann)
            defer { annSocket.close() }
            _ = try await Audience.subscribe(annSocket, game)

            for player in [ann, bob] {
                #expect(try await server.call(.post, "/admin/games/\(id)/end", as: player, body: #"{"reason":"stuck"}"#).status == 403)
            }
            #expect(try await server.call(.post, "/admin/games/\(UUID().uuidString.lowercased())/end", as: moderator, body: #"{"reason":"r"}"#).status == 404)
            #expect(try await server.call(.post, "/admin/games/\(id)/end", as: moderator, body: #"{"reason":""}"#).status == 400)
            #expect(try await server.call(.get, "/games/\(id)", as: ann).json["status"] as? String == "active", "nothing changed")

            let ended = try await server.call(.post, "/admin/games/\(id)/end", as: moderator, body: #"{"reason":"stuck table"}"#)
            #expect(ended.status == 200, "\(ended)")
            #expect(ended.json["status"] as? String == "abandoned")
            #expect(ended.json["winners"] == nil && ended.json["ended_at"] != nil)
            let state = try await nextText(ofType: "state", on: annSocket)
            #expect(state.contains(#""status":"abandoned""#) && state.contains(id), "\(state)")
            let seen = try await server.call(.get, "/games/\(id)", as: bob).json
            #expect(seen["status"] as? String == "abandoned" && seen["outcome"] == nil)
            #expect(seen["view"] != nil && seen["seq"] as? Int == 1, "the game as it was left, its move kept")
            let detail = try await server.call(.get, "/admin/games/\(id)", as: moderator).json
            #expect((detail["moves"] as? [Any])?.count == 1 && detail["record"] == nil, "staff still see the move; no record of a game with no result")
            let ratings = try await server.database.withConnection { sql in
                try await sql.raw("SELECT rating_after FROM game_players WHERE game = \(bind: id)").all().map { try $0.decode(column: "rating_after", as: Int?.self) }
            }
            #expect(ratings.count == 2 && ratings.allSatisfy { $0 == nil }, "no rating changed")
            let move = try await server.call(.post, "/games/\(id)/resign", as: ann, body: #"{"move_id":"late"}"#)
            #expect(move.status == 422, "the game takes no more moves: \(move)")

            let records = try await Self.audit(server, "game.end")
            #expect(records.count == 1)
            #expect(records.first?.entry.targetID == id && records.first?.entry.reason == "stuck table" && records.first?.entry.details == ["status": "active"])
            let again = try await server.call(.post, "/admin/games/\(id)/end", as: moderator, body: #"{"reason":"r"}"#)
            #expect(again.status == 409 && again.json.errorCode == "game_ended")
            let decided = try await server.decide(winner: ann, loser: bob).uuidString.lowercased()
            let finished = try await server.call(.post, "/admin/games/\(decided)/end", as: moderator, body: #"{"reason":"r"}"#)
            #expect(finished.status == 409 && finished.json.errorCode == "game_ended")
            #expect(try await Self.audit(server, "game.end").count == 1, "refusals record nothing")

            let waiting = try #require(
                try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).json["id"] as? String)
            let closed = try await server.call(.post, "/admin/games/\(waiting)/end", as: moderator, body: #"{"reason":"spam tables"}"#)
            #expect(closed.status == 200 && closed.json["status"] as? String == "abandoned", "\(closed)")
        }
    }

    /// Each player's seat, by user id.
    static func seats(_ server: OnlinePlayServer, _ id: String, as guest: OnlinePlayServer.Guest) async throws -> [String: Int] {
        let game = try await server.call(.get, "/games/\(id)", as: guest).json
        var seats: [String: Int] = [:]
        for seat in game["seats"] as? [[String: Any]] ?? [] {
            if let user = seat["user"] as? String, let number = seat["seat"] as? Int { seats[user] = number }
        }
        return seats
    }

    static func audit(_ server: OnlinePlayServer, _ action: String) async throws -> [AdminAudit.Record] {
        try await server.database.withConnection { sql in try await AdminAudit.list(.init(action: action), after: nil, limit: 50, on: sql) }
    }
}
