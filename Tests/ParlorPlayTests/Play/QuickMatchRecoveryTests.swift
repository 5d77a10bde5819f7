import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// Quick-match entries left behind by a node that stopped halfway through pairing.
@Suite struct QuickMatchRecoveryTests {
    @Test(arguments: TestDatabaseKind.available)
    func aClaimStrandedByAnOlderNodeGoesBackToWaiting(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let first = try await MatchmakingRouteTests.player(server)
            let request: [String: any Sendable] = ["game_type": "quortex", "players": 2, "mode": "turn_based"]
            #expect(try await server.call("/matchmaking/quick", request, token: first.token)["status"] == "waiting")
            // What an older node left when it stopped between claiming a group and making its game.
            try await server.database.withConnection { sql in
                try await sql.update("quick_match_queue").set("matched_game", to: "pending:stranded").where("user_id", .equal, first.id).run()
            }
            let release = try #require(ParlorMigrations.all.first { $0.version == 6 })
            try await server.database.withConnection { sql in try await release.apply(sql, server.database.dialect) }

            #expect(try await server.call("/matchmaking/quick", method: .get, token: first.token)["status"] == "waiting")
            let second = try await MatchmakingRouteTests.player(server)
            #expect(try await server.call("/matchmaking/quick", request, token: second.token).status == .ok)
            var matched = try await server.call("/matchmaking/quick", method: .get, token: first.token)
            for _ in 0..<100 where matched["status"] != "matched" {
                try await Task.sleep(for: .milliseconds(100))
                matched = try await server.call("/matchmaking/quick", method: .get, token: first.token)
            }
            let game = try #require(matched["match"])
            let started = try await server.call("/games/\(game)", method: .get, token: second.token)
            #expect(started["status"] == "active", "a full turn-based game starts as it is made")
            #expect(started["invite_code"] == nil, "a game made for its players has no invite code")
            #expect(Set((started.json["seats"] as? [[String: any Sendable]] ?? []).compactMap { $0["user"] as? String }) == [first.id, second.id])
        }
    }
}
