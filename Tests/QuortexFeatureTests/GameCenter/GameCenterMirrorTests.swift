import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import QuortexFeature
import Testing

/// Game Center mirrors the server's results under the derived ids, once each.
@MainActor
@Suite struct GameCenterMirrorTests {
    struct Fake {
        let calls = HomeCalls()
        let scores = LockIsolated([ServerScore(board: "quortex.rating", score: 1_216), ServerScore(board: "quortex.fewest_tiles", score: 14)])
        let achievements = LockIsolated([
            ServerAchievement(game: "quortex", key: "first_win", progress: 1, target: 1),
            ServerAchievement(game: "quortex", key: "ten_wins", progress: 3, target: 10),
            ServerAchievement(game: "quortex", key: "quick_flow", progress: 0, target: 1),
        ])

        var gameCenter: GameCenterClient {
            var client = GameCenterClient.unimplemented
            client.authenticate = { GameCenterPlayer(displayName: "olga") }
            client.submitScore = { [calls] score, id in calls.append("score \(id) \(score)") }
            client.reportAchievement = { [calls] id, percent in calls.append("achievement \(id) \(Int(percent))") }
            client.setAccessPointVisible = { [calls] visible in calls.append("access point \(visible)") }
            return client
        }

        var results: GameCenterResultsClient {
            GameCenterResultsClient(myScores: { [scores] in scores.value }, myAchievements: { [achievements] in achievements.value })
        }
    }

    func mirror(_ gameCenter: GameCenterClient, _ results: GameCenterResultsClient, ledger: GameCenterLedger = .memory()) -> GameCenterMirror {
        withDependencies {
            $0.gameCenter = gameCenter
            $0.gameCenterResults = results
            $0.gameCenterLedger = ledger
        } operation: { GameCenterMirror() }
    }

    @Test func theIdsAreDerivedFromTheServersOnes() {
        #expect(GameCenterIDs.leaderboard(board: "quortex.rating") == "com.quortex.leaderboard.rating")
        #expect(GameCenterIDs.leaderboard(board: "quortex.fewest_tiles") == "com.quortex.leaderboard.fewest_tiles")
        #expect(GameCenterIDs.leaderboard(board: "rating") == nil)
        #expect(GameCenterIDs.leaderboard(board: "quortex.") == nil)
        #expect(GameCenterIDs.achievement(game: "quortex", key: "quick_flow") == "com.quortex.achievement.quick_flow")
    }

    @Test func theServersResultsAreReportedOnceUnderTheirIds() async {
        let fake = Fake()
        let ledger = GameCenterLedger.memory()
        let model = mirror(fake.gameCenter, fake.results, ledger: ledger)
        // Home shows before the sign-in is done: the access point comes once it is.
        model.homeVisibilityChanged(true)
        await model.start()
        #expect(model.isSignedIn)
        #expect(model.showsAccessPoint)
        #expect(model.error == nil)
        #expect(
            fake.calls.all == [
                "access point false", "access point true", "score com.quortex.leaderboard.rating 1216", "score com.quortex.leaderboard.fewest_tiles 14",
                "achievement com.quortex.achievement.first_win 100", "achievement com.quortex.achievement.ten_wins 30",
            ])
        #expect(ledger.load()["com.quortex.leaderboard.rating"] == 1_216)

        // Nothing changed on the server: nothing is sent again, even by a new launch's mirror.
        let relaunched = mirror(fake.gameCenter, fake.results, ledger: ledger)
        await relaunched.start()
        #expect(relaunched.lastReported.isEmpty)
        #expect(fake.calls.all.last == "access point false", "the relaunched app is not on Home")

        // The server's results moved: only what moved is sent.
        fake.scores.withValue { $0[0].score = 1_230 }
        fake.achievements.withValue { $0[1].progress = 4 }
        await relaunched.sync()
        #expect(relaunched.lastReported == ["com.quortex.leaderboard.rating", "com.quortex.achievement.ten_wins"])
        #expect(fake.calls.all.suffix(2) == ["score com.quortex.leaderboard.rating 1230", "achievement com.quortex.achievement.ten_wins 40"])
    }

    @Test func notSignedInToGameCenterReadsAndSendsNothing() async {
        let calls = HomeCalls()
        var gameCenter = GameCenterClient.unimplemented
        gameCenter.authenticate = { nil }
        gameCenter.setAccessPointVisible = { visible in calls.append("access point \(visible)") }
        // The results client is left unset: reading it would fail the test.
        let model = mirror(gameCenter, .unimplemented)
        model.homeVisibilityChanged(true)
        await model.start()
        #expect(!model.isSignedIn)
        #expect(!model.showsAccessPoint)
        #expect(calls.all == ["access point false", "access point false"])
    }

    @Test func aServerFailureIsSaidAndWhatWasReportedIsKept() async {
        let fake = Fake()
        var results = fake.results
        results.myAchievements = { () async throws(ParlorError) -> [ServerAchievement] in
            throw ParlorError(kind: .notAuthenticated, code: "unauthorized", message: "sign in", status: 401)
        }
        let ledger = GameCenterLedger.memory()
        let model = mirror(fake.gameCenter, results, ledger: ledger)
        await model.start()
        #expect(model.error?.title == "Please sign in again")
        #expect(ledger.load().keys.sorted() == ["com.quortex.leaderboard.fewest_tiles", "com.quortex.leaderboard.rating"])
    }

    @Test func aPercentIsTheServersProgressTowardItsTarget() {
        #expect(ServerAchievement(game: "quortex", key: "k", progress: 3, target: 10).percent == 30)
        #expect(ServerAchievement(game: "quortex", key: "k", progress: 30, target: 10).percent == 100)
        #expect(ServerAchievement(game: "quortex", key: "k", progress: 1, target: 0).percent == 100)
    }
}
