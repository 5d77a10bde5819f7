import GameCore
import Testing

@testable import CrazyEights

@Suite struct RoundTests {
    @Test func goingOutWinsTheRoundAndScoresTheOtherHands() throws {
        let state = try Scenario("7S", "8C KD AH 3H", "QC 10D").state().playing("play 7S")
        let result = try #require(state.rounds.last)
        #expect(result == RoundResult(round: 1, winners: [0], blocked: false, scored: [84, 0, 0], handPoints: [0, 64, 20]))
        #expect(state.scores == [84, 0, 0])
        #expect(state.outcome == nil)
        // The next round is dealt at once, passing the deal on.
        #expect(state.round == 2)
        #expect(state.dealer == 1)
        #expect(state.turn == 2)
        #expect(state.hands.allSatisfy { $0.count == 5 })
        #expect(counts(state.allCards) == counts(Deck.standard))
    }

    @Test func goingOutWithAnEightStillNamesASuit() throws {
        let state = try Scenario("8H", "KD").state()
        #expect(try state.refusal("play 8H")?.code == .invalidAction)
        let out = try state.playing("play 8H clubs")
        #expect(out.rounds.last?.winners == [0])
        #expect(out.scores == [10, 0])
    }

    func blocked(_ hands: String...) throws -> CrazyEightsState {
        var scenario = Scenario("", settings: settings { $0.reshuffleDiscard = false })
        scenario.hands = hands
        scenario.stock = ""
        scenario.settings.targetScore = 1000
        var state = try scenario.state()
        for _ in hands.indices {
            #expect(state.round == 1)
            state = try state.playing("pass")
        }
        return state
    }

    @Test func aBlockedRoundGoesToTheLowestHand() throws {
        let state = try blocked("KD 2H", "4D 3C", "KH QH JH")
        let result = try #require(state.rounds.last)
        #expect(result.blocked)
        #expect(result.winners == [1])
        #expect(result.handPoints == [12, 7, 30])
        #expect(result.scored == [0, 42, 0])
        #expect(state.round == 2)
    }

    @Test func aBlockedTieOnPointsGoesToFewerCards() throws {
        let result = try #require(try blocked("10D", "4D 3C 3H", "KH").rounds.last)
        #expect(result.winners == [0, 2])
        #expect(result.scored == [10, 0, 10])
        let byCards = try #require(try blocked("4D 6C", "10D", "KH QH").rounds.last)
        #expect(byCards.winners == [1])
        #expect(byCards.scored == [0, 30, 0])
    }

    @Test func aRoundIsBlockedOnlyWhenEveryPlayerPassesInARow() throws {
        var scenario = Scenario("4D", "5D 9H", "6D", settings: settings { $0.reshuffleDiscard = false })
        scenario.stock = ""
        let state = try scenario.state().playing("pass")
        #expect(state.blockedPasses == 1)
        let played = try state.playing("play 9H")
        #expect(played.blockedPasses == 0)
        #expect(played.round == 1)
        // Passes made while the stock still has cards (draw limit reached) do not count.
        var limited = Scenario("4D", "5D", settings: settings { $0.maxDrawsPerTurn = 1 })
        limited.stock = "3C 7D 6D"
        let afterPasses = try limited.state().playing("draw", "pass", "draw", "pass")
        #expect(afterPasses.blockedPasses == 0)
        #expect(afterPasses.round == 1)
    }

    @Test func theMatchEndsWhenARoundReachesTheTargetAndTheHighestScoreWins() throws {
        var scenario = Scenario("7S", "KD QD", "3C")
        scenario.scores = [40, 95, 0]
        scenario.settings.targetScore = 60
        let state = try scenario.state().playing("play 7S")
        #expect(state.scores == [63, 95, 0])
        #expect(state.outcome == GameOutcome(winners: [1], winType: .targetScore))
        #expect(state.round == 1, "no new round is dealt")
        #expect(CrazyEights.view(of: state, for: .player(seat: 0)).turn == nil)
    }

    @Test func aTieOnTheHighestScoreHasSeveralWinners() throws {
        var scenario = Scenario("7S", "KD QD", "3C")
        scenario.scores = [80, 103, 0]
        let state = try scenario.state().playing("play 7S")
        #expect(state.scores == [103, 103, 0])
        #expect(state.outcome == GameOutcome(winners: [0, 1], winType: .tie))
    }

    @Test func aMatchRunsOverSeveralRoundsToTheTarget() async throws {
        var sawSeveralRounds = false
        for seed in UInt64(0)..<20 {
            await Task.yield()
            let bots: [any CrazyEightsBot] = [HeuristicBot(), RandomBot(), HeuristicBot()]
            let (_, state) = try playMatch(players: 3, settings: .classic, seed: seed, bots: bots)
            let outcome = try #require(state.outcome)
            #expect(state.rounds.count == state.round)
            #expect(state.rounds.map(\.round) == Array(1...state.round))
            // Scores are the sums of the rounds, and only the last round reached the target.
            for seat in 0..<3 {
                #expect(state.scores[seat] == state.rounds.reduce(0) { $0 + $1.scored[seat] })
            }
            let before = state.rounds.dropLast().reduce(into: [0, 0, 0]) { scores, round in
                for seat in 0..<3 { scores[seat] += round.scored[seat] }
            }
            #expect(before.allSatisfy { $0 < 100 })
            #expect(state.scores.contains { $0 >= 100 })
            #expect(outcome.winners == state.scores.indices.filter { state.scores[$0] == state.scores.max() })
            if state.round >= 3 { sawSeveralRounds = true }
        }
        #expect(sawSeveralRounds)
    }
}
