import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import Quortex

/// The player's score on one of the server's boards (all time).
public struct ServerScore: Equatable, Sendable {
    public var board: String
    public var score: Int

    public init(board: String, score: Int) {
        self.board = board
        self.score = score
    }
}

/// The player's progress on one of the server's achievements.
public struct ServerAchievement: Equatable, Sendable {
    public var game: String
    public var key: String
    public var progress: Int
    public var target: Int

    public init(game: String, key: String, progress: Int, target: Int) {
        self.game = game
        self.key = key
        self.progress = progress
        self.target = target
    }

    /// Game Center's percent: the server's progress toward its target, at most 100.
    public var percent: Double {
        guard target > 0 else { return progress > 0 ? 100 : 0 }
        return min(100, Double(progress) * 100 / Double(target))
    }
}

/// The server's results for the signed-in player, which Game Center mirrors: their all-time
/// entry on each of Quortex's boards and their progress on its achievements.
public struct GameCenterResultsClient: Sendable {
    /// Boards the player has no entry on are left out.
    public var myScores: @Sendable () async throws(ParlorError) -> [ServerScore]
    public var myAchievements: @Sendable () async throws(ParlorError) -> [ServerAchievement]

    public init(
        myScores: @escaping @Sendable () async throws(ParlorError) -> [ServerScore],
        myAchievements: @escaping @Sendable () async throws(ParlorError) -> [ServerAchievement]
    ) {
        self.myScores = myScores
        self.myAchievements = myAchievements
    }

    public static func live(_ client: ParlorClient) -> GameCenterResultsClient {
        let game = Quortex.gameType.rawValue
        return GameCenterResultsClient(
            myScores: { () async throws(ParlorError) -> [ServerScore] in
                let boards = try await parlorCall { try await client.api.listLeaderboards().ok.body.json }.leaderboards.filter { $0.game == game }
                var scores: [ServerScore] = []
                for board in boards where board.periods.contains(.allTime) {
                    let window = try await parlorCall {
                        try await client.api.getLeaderboardAroundMe(path: .init(boardID: board.id), query: .init(period: .allTime, radius: 0)).ok.body.json
                    }
                    if let me = window.me { scores.append(ServerScore(board: board.id, score: Int(clamping: me.score))) }
                }
                return scores
            },
            myAchievements: { () async throws(ParlorError) -> [ServerAchievement] in
                try await parlorCall { try await client.api.listMyAchievements(query: .init(game: game)).ok.body.json }.achievements.map {
                    ServerAchievement(game: $0.game, key: $0.key, progress: Int(clamping: $0.progress), target: $0.target)
                }
            })
    }

    public static let unimplemented = GameCenterResultsClient(
        myScores: { () async throws(ParlorError) -> [ServerScore] in throw Unimplemented.call("GameCenterResultsClient.myScores") },
        myAchievements: { () async throws(ParlorError) -> [ServerAchievement] in throw Unimplemented.call("GameCenterResultsClient.myAchievements") })
}

extension GameCenterResultsClient: DependencyKey {
    public static var liveValue: GameCenterResultsClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: GameCenterResultsClient { .unimplemented }
}

extension DependencyValues {
    public var gameCenterResults: GameCenterResultsClient {
        get { self[GameCenterResultsClient.self] }
        set { self[GameCenterResultsClient.self] = newValue }
    }
}
