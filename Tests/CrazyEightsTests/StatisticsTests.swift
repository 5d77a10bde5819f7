import GameCore
import Testing

@testable import CrazyEights

/// What a finished match reports to leaderboards and achievements.
@Suite struct StatisticsTests {
    func fresh(_ scenario: Scenario) throws -> CrazyEightsState {
        var state = try scenario.state()
        state.drewThisRound = Array(repeating: false, count: state.playerCount)
        return state
    }

    @Test func aRoundWonWithoutDrawingIsClean() throws {
        var scenario = Scenario("7S", "8C KD AH 3H", "QC 10D")
        scenario.settings.targetScore = 50
        let state = try fresh(scenario).playing("play 7S")
        #expect(state.rounds.last?.drew == [false, false, false])
        #expect(CrazyEights.statistics(of: state, for: 0) == ["clean_rounds": 1, "match_points": 84])
        #expect(CrazyEights.statistics(of: state, for: 1)["clean_rounds"] == 0)
        #expect(state.outcome?.winners == [0])
    }

    @Test func drawingOnceSpoilsTheRound() throws {
        // Seat 0 cannot follow 9S, draws 3C, cannot play it, passes; seat 1 goes out; seat 0 had drawn.
        var scenario = Scenario("4D", "9H")
        scenario.stock = "5D 3C"
        scenario.settings.targetScore = 5
        scenario.settings.drawRule = .oneThenPass
        let ended = try fresh(scenario).playing("draw", "pass", "play 9H")
        #expect(ended.rounds.last?.drew?[0] == true)
        #expect(ended.rounds.last?.winners == [1])
        #expect(CrazyEights.statistics(of: ended, for: 1)["clean_rounds"] == 1)
        #expect(CrazyEights.statistics(of: ended, for: 0)["clean_rounds"] == 0)
    }

    @Test func recordsFromBeforeDrawsWereKeptCountNoCleanRounds() throws {
        let state = try Scenario("7S", "8C KD").state().playing("play 7S")
        #expect(state.rounds.last?.drew == nil)
        #expect(CrazyEights.statistics(of: state, for: 0)["clean_rounds"] == 0)
    }

    @Test func theCatalogueAddsItsOwnToTheStandardOnes() {
        #expect(CrazyEights.achievements.map(\.key).contains("clean_round"))
        #expect(CrazyEights.achievements.count == AchievementDefinition.standard.count + 2)
        #expect(CrazyEights.leaderboards.contains { $0.metric == "best_score" && $0.aggregation == .best })
    }
}
