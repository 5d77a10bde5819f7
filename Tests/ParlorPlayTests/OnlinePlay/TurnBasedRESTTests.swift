import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import Quortex
import Testing

@Suite("Turn-based play through REST alone")
struct TurnBasedRESTTests {
    @Test("a turn-based Quortex game is played to the end over REST, refusing bad moves without changing anything")
    func restOnly() async throws {
        try await withOnlinePlayServer { server in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            var random = GameRandom(seed: 9)
            var checkedBadPaths = false
            for _ in 0..<400 {
                let current = try await server.call(.get, "/games/\(game)", as: guests[0])
                guard current.json["status"] as? String == "active" else { break }
                let seq = try #require(current.json["seq"] as? Int)
                let turn = try #require((current.json["current_seats"] as? [Int])?.first)
                let mover = try #require((current.json["seats"] as? [[String: Any]])?.first { $0["seat"] as? Int == turn }?["user"] as? String)
                let player = try #require(guests.first { $0.user == mover })
                let other = try #require(guests.first { $0.user != mover })
                let mine = try await server.call(.get, "/games/\(game)", as: player)
                let viewData = try JSONSerialization.data(withJSONObject: try #require(mine.json["view"]))
                let view = try GameJSON.decoder().decode(QuortexView.self, from: viewData)
                let placement = try #require(RandomBot().choosePlacement(in: view.position, random: &random))
                let action = String(decoding: try JSONEncoder().encode(QuortexAction.place(placement)), as: UTF8.self)
                if !checkedBadPaths {
                    checkedBadPaths = true
                    let outOfTurn = try await server.call(.post, "/games/\(game)/moves", as: other, body: #"{"move_id":"x","action":\#(action)}"#)
                    #expect(outOfTurn.status == 422)
                    #expect((outOfTurn.json["error"] as? [String: Any])?["code"] as? String == "not_your_turn")
                    let illegal = try await server.call(.post, "/games/\(game)/moves", as: player, body: #"{"move_id":"y","action":"zz9r9"}"#)
                    #expect(illegal.status == 422)
                    let stale = try await server.call(.post, "/games/\(game)/moves", as: player, body: #"{"move_id":"z","action":\#(action),"seq":\#(seq + 5)}"#)
                    #expect(stale.status == 409)
                    #expect((stale.json["error"] as? [String: Any])?["code"] as? String == "stale")
                    let stranger = try await server.guest()
                    let foreign = try await server.call(.post, "/games/\(game)/moves", as: stranger, body: #"{"move_id":"s","action":\#(action)}"#)
                    #expect(foreign.status == 403)
                    let unchanged = try await server.call(.get, "/games/\(game)", as: player)
                    #expect(unchanged.json["seq"] as? Int == seq, "refused moves change nothing")
                }
                let moveID = "move-\(seq)"
                let first = try await server.call(.post, "/games/\(game)/moves", as: player, body: #"{"move_id":"\#(moveID)","action":\#(action),"seq":\#(seq)}"#)
                #expect(first.status == 200)
                #expect(first.json["seq"] as? Int == seq + 1)
                let again = try await server.call(.post, "/games/\(game)/moves", as: player, body: #"{"move_id":"\#(moveID)","action":\#(action)}"#)
                #expect(again.json["repeated"] as? Bool == true)
                #expect(again.json["seq"] as? Int == seq + 1, "a repeated move id answers the first result")
            }
            let final = try await server.call(.get, "/games/\(game)", as: guests[0])
            #expect(final.json["status"] as? String == "completed")
            let history = try await server.call(.get, "/games/\(game)/moves", as: guests[1])
            #expect((history.json["moves"] as? [[String: Any]])?.count == final.json["seq"] as? Int)
            let record = try await server.call(.get, "/games/\(game)/record", as: guests[1])
            #expect(record.status == 200)
        }
    }

    @Test("the record of a running game is refused; unknown games are 404")
    func recordWhileRunning() async throws {
        try await withOnlinePlayServer { server in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            #expect(try await server.call(.get, "/games/\(game)/record", as: guests[0]).status == 409)
            #expect(try await server.call(.get, "/games/\(UUID())", as: guests[0]).status == 404)
            let bad = try await server.call(.post, "/games", as: guests[0], body: #"{"game":"chess","players":2}"#)
            #expect(bad.status == 400)
            let tooMany = try await server.call(.post, "/games", as: guests[0], body: #"{"game_type":"quortex","players":9}"#)
            #expect(tooMany.status == 400)
        }
    }
}
