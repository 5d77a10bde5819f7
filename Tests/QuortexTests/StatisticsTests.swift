import GameCore
import Testing

@testable import Quortex

/// What a finished game reports to leaderboards and achievements.
@Suite struct QuortexStatisticsTests {
    /// Random legal games from `seed` until one ends by `winType`.
    func finished(by winType: WinType, seeds: Range<UInt64> = 0..<400) throws -> QuortexState? {
        for seed in seeds {
            var random = GameRandom(seed: GameSeed(seed), stream: 1)
            var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: GameSeed(seed))
            while state.outcome == nil {
                let placements = (Quortex.legalActions(in: state, for: state.currentSeat) ?? []).filter { if case .place = $0 { true } else { false } }
                guard let action = random.element(of: placements) else { break }
                state = try Quortex.reduce(state, action, by: state.currentSeat)
            }
            if state.outcome?.winType == winType { return state }
        }
        return nil
    }

    @Test func aFlowWinnerReportsTheTilesOnTheBoard() throws {
        let state = try #require(try finished(by: .flow))
        let winner = try #require(state.outcome?.winners.first)
        #expect(Quortex.statistics(of: state, for: winner) == [QuortexStatistic.flowWinTiles: state.placements])
        #expect(Quortex.statistics(of: state, for: 1 - winner) == [:])
    }

    @Test func aConstraintWinnerReportsIt() throws {
        let state = try #require(try finished(by: .constraint, seeds: 0..<3000))
        let winner = try #require(state.outcome?.winners.first)
        #expect(Quortex.statistics(of: state, for: winner) == [QuortexStatistic.constraintWins: 1])
    }

    @Test func theQuickFlowAchievementAsksForTwelveTilesOrFewer() throws {
        let quick = try #require(Quortex.achievements.first { $0.key == "quick_flow" })
        #expect(quick.rule == .atMost(QuortexStatistic.flowWinTiles, atMost: 12))
        #expect(Quortex.leaderboards.contains { $0.metric == "fewest_tiles" && $0.order == .lowerIsBetter })
    }
}
