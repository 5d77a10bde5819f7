import Foundation
import GameCore
import ParlorPlay
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Leaderboards, achievements and public profiles.
extension SocialAPI {
    package func listLeaderboards(_ input: Operations.ListLeaderboards.Input) async throws -> Operations.ListLeaderboards.Output {
        let boards = social.catalogue.boards.map { board in
            let definition = board.definition
            return Components.Schemas.Leaderboard(
                id: board.id, game: board.game, metric: definition.metric, name: definition.name,
                aggregation: .init(rawValue: definition.aggregation.rawValue) ?? .best, order: .init(rawValue: definition.order.rawValue) ?? .higher,
                periods: definition.periods.compactMap { .init(rawValue: $0.rawValue) },
                gameCenterId: GameCenterIDs.leaderboard(game: board.game, metric: definition.metric))
        }
        return .ok(.init(body: .json(.init(leaderboards: boards))))
    }

    package func getLeaderboard(_ input: Operations.GetLeaderboard.Input) async throws -> Operations.GetLeaderboard.Output {
        let span = try social.leaderboards.span(board: input.path.boardID, period: input.query.period?.rawValue, key: input.query.key)
        let page = try await social.leaderboards.top(span, cursor: input.query.cursor, limit: input.query.limit)
        return .ok(.init(body: .json(.init(
            board: span.board.id, period: span.period.rawValue, key: span.key, total: page.total,
            entries: page.entries.map(Components.Schemas.LeaderboardEntry.init), next: page.next))))
    }

    package func getLeaderboardAroundMe(_ input: Operations.GetLeaderboardAroundMe.Input) async throws -> Operations.GetLeaderboardAroundMe.Output {
        let caller = try await accounts.authenticate()
        let span = try social.leaderboards.span(board: input.path.boardID, period: input.query.period?.rawValue, key: input.query.key)
        let window = try await social.leaderboards.around(caller.userID, span, radius: input.query.radius)
        return .ok(.init(body: .json(.init(
            board: span.board.id, period: span.period.rawValue, key: span.key, me: window.me.map(Components.Schemas.LeaderboardEntry.init),
            entries: window.entries.map(Components.Schemas.LeaderboardEntry.init)))))
    }

    package func getFriendsLeaderboard(_ input: Operations.GetFriendsLeaderboard.Input) async throws -> Operations.GetFriendsLeaderboard.Output {
        let caller = try await accounts.authenticate()
        let span = try social.leaderboards.span(board: input.path.boardID, period: input.query.period?.rawValue, key: input.query.key)
        let entries = try await social.leaderboards.friendsOnly(caller.userID, span)
        return .ok(.init(body: .json(.init(
            board: span.board.id, period: span.period.rawValue, key: span.key,
            me: entries.first { $0.user.id == caller.userID }.map(Components.Schemas.LeaderboardEntry.init),
            entries: entries.map(Components.Schemas.LeaderboardEntry.init)))))
    }

    package func listAchievements(_ input: Operations.ListAchievements.Input) async throws -> Operations.ListAchievements.Output {
        let list = try social.achievements.catalogue(game: input.query.game)
        return .ok(.init(body: .json(.init(achievements: list.map(Components.Schemas.Achievement.init)))))
    }

    package func listMyAchievements(_ input: Operations.ListMyAchievements.Input) async throws -> Operations.ListMyAchievements.Output {
        let caller = try await accounts.authenticate()
        let list = try await social.achievements.progress(of: caller.userID, game: input.query.game)
        return .ok(.init(body: .json(.init(achievements: list.map(Components.Schemas.Achievement.init)))))
    }

    package func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output {
        let profile = try await social.profiles.profile(input.path.id)
        let ratings = profile.ratings.map { Components.Schemas.PublicProfile.RatingsPayloadPayload(
            game: $0.game, rating: $0.rating, games: $0.games, wins: $0.wins, losses: $0.losses) }
        let totals = Components.Schemas.PublicProfile.TotalsPayload(
            games: profile.ratings.reduce(0) { $0 + $1.games }, wins: profile.ratings.reduce(0) { $0 + $1.wins },
            losses: profile.ratings.reduce(0) { $0 + $1.losses }, achievementPoints: profile.unlocked.reduce(0) { $0 + $1.definition.points })
        let user = profile.user
        return .ok(.init(body: .json(.init(
            id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarURL,
            createdAt: Date(millis: user.createdAt), ratings: ratings, totals: totals,
            achievements: profile.unlocked.map(Components.Schemas.Achievement.init)))))
    }
}
