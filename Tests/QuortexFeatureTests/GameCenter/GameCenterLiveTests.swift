import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import QuortexFeature
import ServerTestSupport
import Testing
import TestSupport

/// Game Center mirrors what the real server recorded of a finished game.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct GameCenterLiveTests {
    @Test func aWinIsReportedFromTheServersBoardsAndAchievements() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let olga = try await LivePlayer("olga", server: url)
            let gus = try await LivePlayer("gus", server: url)
            let results = GameCenterResultsClient.live(olga.client)
            // Nothing played yet: no entry on any board, no progress.
            #expect(try await results.myScores().isEmpty)
            #expect(try await results.myAchievements().allSatisfy { $0.progress == 0 })

            gus.home.joinCode = try await olga.createTurnBasedGame()
            await gus.home.join()
            let game = try await gus.game(gus.home.route)
            _ = try await gus.client.api.resignGame(path: .init(gameID: game.id), body: .json(.init(moveId: UUID().uuidString))).ok

            let recorded = await eventually { (try? await results.myScores().count) == 3 }
            #expect(recorded, "the rating, wins and games boards")
            let scores = try await results.myScores()
            let ratings = try await olga.client.api.getMyRatings().ok.body.json.ratings
            #expect(scores.first { $0.board == "quortex.rating" }?.score == ratings.first { $0.gameType == "quortex" }?.rating)
            #expect(scores.first { $0.board == "quortex.wins" }?.score == 1)

            let calls = HomeCalls()
            var gameCenter = GameCenterClient.unimplemented
            gameCenter.authenticate = { GameCenterPlayer(displayName: "olga") }
            gameCenter.setAccessPointVisible = { _ in }
            gameCenter.submitScore = { score, id in calls.append("\(id) \(score)") }
            gameCenter.reportAchievement = { id, percent in calls.append("\(id) \(Int(percent))%") }
            let mirror = withDependencies {
                $0.gameCenter = gameCenter
                $0.gameCenterResults = results
                $0.gameCenterLedger = .memory()
            } operation: { GameCenterMirror() }
            await mirror.start()
            #expect(mirror.error == nil)
            #expect(calls.all.contains("com.quortex.leaderboard.wins 1"))
            #expect(calls.all.contains("com.quortex.leaderboard.games 1"))
            #expect(calls.all.contains("com.quortex.achievement.first_win 100%"))
            #expect(calls.all.contains("com.quortex.achievement.wins_10 10%"))
            #expect(!calls.all.contains { $0.hasPrefix("com.quortex.achievement.quick_flow") }, "no progress, nothing reported")
            await mirror.sync()
            #expect(mirror.lastReported.isEmpty)
        }
    }
}
