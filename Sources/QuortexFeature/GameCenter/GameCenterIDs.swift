/// The one mapping from the server's leaderboard and achievement ids to Game Center's (the ids
/// the app's App Store Connect record declares): a board `<game>.<metric>` is
/// `com.<game>.leaderboard.<metric>` ("quortex.rating" → "com.quortex.leaderboard.rating"), an
/// achievement `<key>` of `<game>` is `com.<game>.achievement.<key>` ("quick_flow" →
/// "com.quortex.achievement.quick_flow"). Derived, never stored, so a new board or achievement
/// on the server has its Game Center id without a table to keep in step.
public enum GameCenterIDs {
    /// Nil for a board id that is not `<game>.<metric>`.
    public static func leaderboard(board: String) -> String? {
        guard let dot = board.firstIndex(of: "."), dot != board.startIndex, board.index(after: dot) != board.endIndex else { return nil }
        let game = board[..<dot]
        let metric = board[board.index(after: dot)...]
        return "com.\(game).leaderboard.\(metric)"
    }

    public static func achievement(game: String, key: String) -> String {
        "com.\(game).achievement.\(key)"
    }
}
