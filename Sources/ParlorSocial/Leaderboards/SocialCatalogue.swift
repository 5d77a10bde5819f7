import GameCore

/// Every leaderboard and achievement the server keeps: each registered game's own, and Tandem's.
package struct SocialCatalogue: Sendable {
    package struct Board: Sendable {
        /// `<game>.<metric>`.
        package var id: String
        package var game: String
        package var definition: LeaderboardDefinition
    }

    package let boards: [Board]
    package let achievements: [String: [AchievementDefinition]]
    private let byID: [String: Board]

    package init(engines: GameEngines) {
        var boards: [Board] = []
        var achievements: [String: [AchievementDefinition]] = [:]
        for engine in engines.all {
            let game = engine.gameType.rawValue
            boards += engine.leaderboards.map { Board(id: "\(game).\($0.metric)", game: game, definition: $0) }
            achievements[game] = engine.achievements
        }
        boards += TandemSocial.leaderboards.map { Board(id: "\(TandemSocial.game).\($0.metric)", game: TandemSocial.game, definition: $0) }
        achievements[TandemSocial.game] = TandemSocial.achievements
        self.boards = boards
        self.achievements = achievements
        self.byID = Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package func board(_ id: String) -> Board? { byID[id] }

    package func boards(of game: String) -> [Board] { boards.filter { $0.game == game } }

    package var games: [String] { achievements.keys.sorted() }
}
