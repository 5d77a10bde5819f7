import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// A player's rating is read, changed and written by every game they finish; games that finish
/// at the same moment must still each build on the one before.
@Suite struct RatingConsistencyTests {
    @Test(arguments: TestDatabaseKind.available)
    func gamesEndingTogetherEachBuildOnTheRatingBefore(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let hero = try await MatchmakingRouteTests.player(server)
            var games: [(id: String, opponent: MatchmakingRouteTests.Player)] = []
            for _ in 0..<8 {
                let opponent = try await MatchmakingRouteTests.player(server)
                let created = try await server.call("/games", ["game_type": "quortex", "players": 2, "mode": "turn_based"], token: hero.token)
                let id = try #require(created["id"])
                let code = try #require(created["invite_code"])
                #expect(try await server.call("/games/join", ["code": code], token: opponent.token).status == .ok)
                games.append((id, opponent))
            }
            // Every opponent resigns at once, each on a connection of its own.
            // A request that fails to get an answer says why, rather than passing for a 500.
            let statuses = await withTaskGroup(of: String.self, returning: [String].self) { group in
                for game in games {
                    group.addTask {
                        let body = Data(#"{"move_id":"give-up"}"#.utf8)
                        do {
                            return String(try await server.send("/games/\(game.id)/resign", data: body, token: game.opponent.token).status.code)
                        } catch {
                            return "no answer: \(error)"
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            try #require(statuses.allSatisfy { $0 == "200" }, "\(statuses)")

            let totals = try await server.call("/users/me/ratings", method: .get, token: hero.token)
            let quortex = try #require((totals.json["ratings"] as? [[String: any Sendable]])?.first { $0["game_type"] as? String == "quortex" })
            #expect(quortex["games"] as? Int == 8)
            #expect(quortex["wins"] as? Int == 8)

            let changes = try await server.database.withConnection { sql in
                try await sql.select().columns("rating_before", "rating_after").from("game_players")
                    .where("user_id", .equal, hero.id).all()
                    .map { (before: try $0.decode(column: "rating_before", as: Int.self), after: try $0.decode(column: "rating_after", as: Int.self)) }
            }.sorted { $0.before < $1.before }
            #expect(changes.count == 8)
            // Serialised, each win starts from the rating the previous one left: a chain with no repeats.
            for (earlier, later) in zip(changes, changes.dropFirst()) {
                #expect(later.before == earlier.after, "a game started from \(later.before), not from the \(earlier.after) the game before left")
            }
            #expect(quortex["rating"] as? Int == changes.last?.after)
        }
    }
}
