import Foundation
import GameCore
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// Social's values in their wire shapes.
extension Components.Schemas.UserSummary {
    init(_ user: DirectoryUser) {
        self.init(id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarURL)
    }
}

extension Components.Schemas.Presence {
    package init(_ activity: UserActivity) {
        self.init(online: activity.online, games: activity.games.map { .init(gameId: $0.game.uuidString.lowercased(), gameType: $0.gameType) })
    }
}

extension Components.Schemas.LeaderboardEntry {
    init(_ ranked: LeaderboardService.Ranked) {
        self.init(rank: ranked.rank, user: .init(ranked.user), score: ranked.score)
    }
}

extension Components.Schemas.Achievement {
    init(_ status: AchievementService.Status) {
        let definition = status.definition
        self.init(
            game: status.game, key: definition.key, name: status.revealed ? definition.name : nil,
            description: status.revealed ? definition.detail : nil, points: definition.points, category: definition.category,
            hidden: definition.hidden, target: definition.rule.target, progress: status.progress, unlockedAt: status.unlockedAt.map(Date.init(millis:)),
            gameCenterId: GameCenterIDs.achievement(game: status.game, key: definition.key))
    }
}
