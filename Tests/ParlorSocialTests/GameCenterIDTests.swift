import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing

/// Every leaderboard and achievement carries its Game Center id: the fixed list below, unique,
/// Game Center's characters only, the same on every route that lists them.
@Suite struct GameCenterIDTests {
    static let leaderboards: [String: String] = [
        "quortex.rating": "com.parlor.quortex.rating", "quortex.wins": "com.parlor.quortex.wins",
        "quortex.games": "com.parlor.quortex.games", "quortex.fewest_tiles": "com.parlor.quortex.fewest_tiles",
        "crazy-eights.rating": "com.parlor.crazyeights.rating", "crazy-eights.wins": "com.parlor.crazyeights.wins",
        "crazy-eights.games": "com.parlor.crazyeights.games", "crazy-eights.best_score": "com.parlor.crazyeights.best_score",
        "tandem.games_won": "com.parlor.tandem.games_won", "tandem.games_played": "com.parlor.tandem.games_played",
        "tandem.current_streak": "com.parlor.tandem.current_streak", "tandem.best_streak": "com.parlor.tandem.best_streak",
    ]

    static let achievements: [String: String] = [
        "quortex.first_win": "com.parlor.quortex.achievement.first_win",
        "quortex.wins_10": "com.parlor.quortex.achievement.wins_10",
        "quortex.wins_100": "com.parlor.quortex.achievement.wins_100",
        "quortex.win_streak_5": "com.parlor.quortex.achievement.win_streak_5",
        "quortex.quick_flow": "com.parlor.quortex.achievement.quick_flow",
        "quortex.constraint_victory": "com.parlor.quortex.achievement.constraint_victory",
        "crazy-eights.first_win": "com.parlor.crazyeights.achievement.first_win",
        "crazy-eights.wins_10": "com.parlor.crazyeights.achievement.wins_10",
        "crazy-eights.wins_100": "com.parlor.crazyeights.achievement.wins_100",
        "crazy-eights.win_streak_5": "com.parlor.crazyeights.achievement.win_streak_5",
        "crazy-eights.clean_round": "com.parlor.crazyeights.achievement.clean_round",
        "crazy-eights.clean_rounds_10": "com.parlor.crazyeights.achievement.clean_rounds_10",
        "tandem.first_solve": "com.parlor.tandem.achievement.first_solve",
        "tandem.solves_10": "com.parlor.tandem.achievement.solves_10",
        "tandem.solves_100": "com.parlor.tandem.achievement.solves_100",
        "tandem.streak_7": "com.parlor.tandem.achievement.streak_7",
        "tandem.streak_30": "com.parlor.tandem.achievement.streak_30",
    ]

    static func valid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }
    }

    @Test(arguments: TestDatabaseKind.available)
    func everyBoardAndAchievementHasItsFixedUniqueID(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let a = try await server.guest()
            let listed = try await server.call(.get, "/leaderboards", as: a)
            let boards = listed.json["leaderboards"] as? [[String: Any]] ?? []
            var boardIDs: [String: String] = [:]
            for board in boards {
                boardIDs[board["id"] as? String ?? ""] = board["game_center_id"] as? String
            }
            #expect(boardIDs == Self.leaderboards)

            let catalogue = try await server.call(.get, "/achievements", as: a)
            let mine = try await server.call(.get, "/users/me/achievements", as: a)
            for reply in [catalogue, mine] {
                var achievementIDs: [String: String] = [:]
                for achievement in reply.json["achievements"] as? [[String: Any]] ?? [] {
                    let key = "\(achievement["game"] as? String ?? "").\(achievement["key"] as? String ?? "")"
                    achievementIDs[key] = achievement["game_center_id"] as? String
                }
                #expect(achievementIDs == Self.achievements)
            }

            let all = Array(Self.leaderboards.values) + Array(Self.achievements.values)
            #expect(Set(all).count == all.count, "Game Center ids are unique")
            #expect(all.allSatisfy(Self.valid), "Game Center ids use only letters, digits, '.' and '_'")
        }
    }
}
