import Foundation
import GameCore
import PlayerProfiles
import Testing

@Suite struct GameRecordingTests {
    @Test func winsLossesAndStreaksForOneGame() {
        var profile = PlayerProfile(username: "Sam")
        let results = [true, true, false, true, true, true, false, true]
        for (number, won) in results.enumerated() {
            let counted = profile.recordGame(Fixture.game(number, won: won))
            #expect(counted)
        }
        let stats = profile.statsByGameType[Fixture.crazyEights]
        #expect(stats?.gamesPlayed == 8)
        #expect(stats?.wins == 6)
        #expect(stats?.losses == 2)
        #expect(stats?.streakCurrent == 1)
        #expect(stats?.streakBest == 3)
        #expect(profile.globalStats == GlobalStats(totalGamesPlayed: 8, totalWins: 6))
    }

    @Test func aLossResetsTheCurrentStreakButNotTheBest() {
        var profile = PlayerProfile(username: "Sam")
        profile.recordGame(Fixture.game(1, won: true))
        profile.recordGame(Fixture.game(2, won: true))
        profile.recordGame(Fixture.game(3, won: false))
        #expect(profile.statsByGameType[Fixture.crazyEights]?.streakCurrent == 0)
        #expect(profile.statsByGameType[Fixture.crazyEights]?.streakBest == 2)
    }

    @Test func eachGameKeepsItsOwnStatsAndTheGlobalTotalsAddUp() {
        var profile = PlayerProfile(username: "Sam")
        profile.recordGame(Fixture.game(1, Fixture.crazyEights, won: true))
        profile.recordGame(Fixture.game(2, Fixture.highCard, won: false))
        profile.recordGame(Fixture.game(3, Fixture.crazyEights, won: true))
        profile.recordGame(Fixture.game(4, Fixture.highCard, won: true))
        #expect(
            profile.statsByGameType[Fixture.crazyEights]
                == GameStats(gamesPlayed: 2, wins: 2, streakCurrent: 2, streakBest: 2, lastPlayedAt: Fixture.game(3, won: true).finishedAt))
        #expect(
            profile.statsByGameType[Fixture.highCard]
                == GameStats(gamesPlayed: 2, wins: 1, streakCurrent: 1, streakBest: 1, lastPlayedAt: Fixture.game(4, won: true).finishedAt))
        #expect(profile.globalStats == GlobalStats(totalGamesPlayed: 4, totalWins: 3))
    }

    @Test func recordingTheSameGameTwiceCountsItOnce() {
        var profile = PlayerProfile(username: "Sam")
        let first = profile.recordGame(Fixture.game(1, won: true))
        let afterFirst = profile
        // Same session id, even with a different result or time: the first delivery stands.
        let again = profile.recordGame(Fixture.game(1, won: true))
        let altered = profile.recordGame(
            FinishedGame(id: Fixture.id(1), gameType: Fixture.highCard, won: false, finishedAt: Fixture.start))
        #expect(first && !again && !altered)
        #expect(profile == afterFirst)
        #expect(profile.hasRecorded(Fixture.id(1)))
    }

    @Test func onlyTheLatestRecordedIdsAreKept() {
        var profile = PlayerProfile(username: "Sam")
        let limit = PlayerProfile.recordedGameLimit
        for number in 0..<(limit + 20) {
            profile.recordGame(Fixture.game(number, won: number.isMultiple(of: 2)))
        }
        #expect(profile.recordedGameIDs.count == limit)
        #expect(profile.recordedGameIDs.first == Fixture.id(20))
        #expect(profile.recordedGameIDs.last == Fixture.id(limit + 19))
        #expect(!profile.hasRecorded(Fixture.id(19)))
        #expect(profile.globalStats.totalGamesPlayed == limit + 20)
        // The latest game is still recognised after the list has wrapped.
        let latestAgain = profile.recordGame(Fixture.game(limit + 19, won: true))
        #expect(!latestAgain)
    }

    @Test func theInitialiserKeepsTheBound() {
        let ids = (0..<(PlayerProfile.recordedGameLimit + 5)).map(Fixture.id)
        let profile = PlayerProfile(username: "Sam", recordedGameIDs: ids)
        #expect(profile.recordedGameIDs == Array(ids.suffix(PlayerProfile.recordedGameLimit)))
    }

    @Test func aLateResultDoesNotMoveLastPlayedBackwards() {
        var profile = PlayerProfile(username: "Sam")
        profile.recordGame(Fixture.game(10, won: true))
        profile.recordGame(Fixture.game(5, won: false))
        #expect(profile.statsByGameType[Fixture.crazyEights]?.lastPlayedAt == Fixture.game(10, won: true).finishedAt)
    }

    @Test(arguments: [
        (GameOutcome(winners: [2], winType: "shedding"), 2, true),
        (GameOutcome(winners: [2], winType: "shedding"), 0, false),
        (GameOutcome(winners: [1, 3], winType: .tie), 3, true),
        (GameOutcome(winners: [], winType: .draw), 0, false),
    ])
    func wonComesFromTheOutcomesWinners(outcome: GameOutcome, seat: Int, won: Bool) {
        let game = FinishedGame(id: Fixture.id(1), gameType: Fixture.crazyEights, outcome: outcome, seat: seat, finishedAt: Fixture.start)
        #expect(game.won == won)
        #expect(outcome.isWin(for: seat) == won)
    }
}
