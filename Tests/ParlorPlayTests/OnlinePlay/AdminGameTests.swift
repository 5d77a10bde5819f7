import Foundation
import GameCore
import HTTPTypes
import ParlorAccounts
import ParlorClient
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// What staff read of games and nodes: every game (not one player's), a game's moves and record, and who
/// is connected where.
@Suite struct AdminGameTests {
    @Test("every game newest first, by status, type and player, paged; a game's moves, and its record once over", arguments: TestDatabaseKind.available)
    func games(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let moderator = try await server.staff(.moderator)
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let decided = try await server.decide(winner: ann, loser: bob)
            let active = try await server.table(game: "quortex", players: [bob, cat], mode: "turn_based")
            var random = GameRandom(seed: 7)
            for _ in 0..<2 { try await server.playTurn(active, guests: [bob, cat], random: &random) }
            let waiting = try #require(
                try await server.call(.post, "/games", as: cat, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).json["id"] as? String)
            func ids(_ query: String) async throws -> [String] {
                let answer = try await server.call(.get, "/admin/games\(query)", as: moderator)
                #expect(answer.status == 200, "\(query): \(answer)")
                return (answer.json["games"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            let (decidedID, activeID) = (decided.uuidString.lowercased(), active.uuidString.lowercased())
            #expect(try await ids("") == [waiting, activeID, decidedID], "newest first")
            #expect(try await ids("?status=completed") == [decidedID])
            #expect(try await ids("?status=waiting") == [waiting])
            #expect(try await ids("?user_id=\(bob.user)") == [activeID, decidedID])
            #expect(try await ids("?user_id=\(bob.user)&status=active") == [activeID])
            #expect(try await ids("?game_type=crazy_eights").isEmpty)
            #expect(try await ids("?game_type=quortex").count == 3)
            let first = try await server.call(.get, "/admin/games?limit=2", as: moderator).json
            let cursor = try #require(first["next"] as? String)
            let rest = try await server.call(
                .get, "/admin/games?limit=2&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", as: moderator).json
            #expect((rest["games"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == [decidedID])
            #expect(rest["next"] == nil)

            let listed = try #require((first["games"] as? [[String: Any]])?.last)
            #expect(listed["status"] as? String == "active" && listed["seq"] as? Int == 2)
            #expect(Set((listed["players"] as? [[String: Any]] ?? []).compactMap { $0["user_id"] as? String }) == [bob.user, cat.user])

            let detail = try await server.call(.get, "/admin/games/\(activeID)", as: moderator)
            #expect(detail.status == 200)
            #expect((detail.json["moves"] as? [[String: Any]])?.count == 2, "every move, with its action")
            #expect((detail.json["moves"] as? [[String: Any]])?.allSatisfy { $0["action"] != nil } == true)
            #expect(detail.json["record"] == nil, "no record (which replays the seed) while the game goes on")
            #expect(detail.json["seed"] == nil && (detail.json["game"] as? [String: Any])?["seed"] == nil)
            let over = try await server.call(.get, "/admin/games/\(decidedID)", as: moderator).json
            #expect(over["record"] != nil)
            #expect((over["game"] as? [String: Any])?["win_type"] as? String == "resignation")
            #expect(try await server.call(.get, "/admin/games/\(UUID())", as: moderator).status == 404)
            #expect(try await server.call(.get, "/admin/games/not-a-game", as: moderator).status == 404)
            #expect(try await server.call(.get, "/admin/games?cursor=%21", as: moderator).status == 400)
            #expect(try await server.call(.get, "/admin/games?status=lost", as: moderator).status == 400)
        }
    }

    @Test("the nodes with their sockets, users and games; admins only", arguments: TestDatabaseKind.available)
    func nodes(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = try await server.admin()
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "turn_based")
            let socket = try await server.connect(guests[0])
            try await socket.subscribe(game: game)
            var node: [String: Any] = [:]
            for _ in 0..<400 {
                let nodes = try await server.call(.get, "/admin/nodes", as: admin).json["nodes"] as? [[String: Any]] ?? []
                node = nodes.first ?? [:]
                if nodes.count == 1, node["sockets"] as? Int == 1, node["games"] as? Int == 1 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(node["sockets"] as? Int == 1 && node["games"] as? Int == 1, "\(node)")
            #expect(node["users"] as? Int == 1)
            await socket.close()
            #expect(await eventually(timeout: .seconds(20)) {
                let nodes = (try? await server.call(.get, "/admin/nodes", as: admin).json["nodes"] as? [[String: Any]]) ?? []
                return nodes.first?["sockets"] as? Int == 0 && nodes.first?["games"] as? Int == 0
            })
            #expect(try await server.call(.get, "/admin/nodes", as: try await server.staff(.moderator)).status == 403)
            #expect(try await server.call(.get, "/admin/games", as: guests[0]).status == 403)
        }
    }
}
