/// The Game Center identifier of every leaderboard and achievement, written down once.
///
/// App Store Connect keeps an identifier forever (it cannot be reused after deletion), and allows
/// only letters, digits, `.` and `_`, so these are a fixed table rather than computed: a renamed
/// board keeps its id, and `crazy-eights` maps to `crazyeights`. A board or achievement missing
/// from the table (a game added later, or one only a test registers) gets one derived from its
/// stable keys, never from its display name; add it here before shipping it to Game Center.
package enum GameCenterIDs {
    static let prefix = "com.parlor"

    /// Board id (`<game>.<metric>`) → Game Center leaderboard id.
    static let leaderboards: [String: String] = [
        "quortex.rating": "com.parlor.quortex.rating",
        "quortex.wins": "com.parlor.quortex.wins",
        "quortex.games": "com.parlor.quortex.games",
        "quortex.fewest_tiles": "com.parlor.quortex.fewest_tiles",
        "crazy-eights.rating": "com.parlor.crazyeights.rating",
        "crazy-eights.wins": "com.parlor.crazyeights.wins",
        "crazy-eights.games": "com.parlor.crazyeights.games",
        "crazy-eights.best_score": "com.parlor.crazyeights.best_score",
        "tandem.games_won": "com.parlor.tandem.games_won",
        "tandem.games_played": "com.parlor.tandem.games_played",
        "tandem.current_streak": "com.parlor.tandem.current_streak",
        "tandem.best_streak": "com.parlor.tandem.best_streak",
    ]

    /// `<game>.<achievement key>` → Game Center achievement id.
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

    package static func leaderboard(game: String, metric: String) -> String {
        leaderboards["\(game).\(metric)"] ?? "\(prefix).\(safe(game)).\(safe(metric))"
    }

    package static func achievement(game: String, key: String) -> String {
        achievements["\(game).\(key)"] ?? "\(prefix).\(safe(game)).achievement.\(safe(key))"
    }

    /// Only the characters Game Center allows.
    private static func safe(_ text: String) -> String {
        String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }
}
