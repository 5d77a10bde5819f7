import GameCore
import Testing

@testable import CrazyEights

@Suite struct PartyTests {
    @Test func aQueenSkipsTheNextPlayer() throws {
        let state = try Scenario("QS 4D", "2C", "3C", settings: .party).state()
        #expect(try state.playing("play QS").turn == 2)
        // In classic a queen is an ordinary card.
        #expect(try Scenario("QS 4D", "2C", "3C").state().playing("play QS").turn == 1)
    }

    @Test func anAceReversesTheDirection() throws {
        var scenario = Scenario("AS 4D", "2C", "3C", "5C", settings: .party)
        scenario.turn = 1
        scenario.hands = ["2D", "AS 4D", "3C", "5C"]
        let state = try scenario.state().playing("play AS")
        #expect(state.direction == .counterclockwise)
        #expect(state.turn == 0)
        // And back again.
        var again = state
        again.hands[0] = try cards("AD 6H")
        let reversed = try again.playing("play AD")
        #expect(reversed.direction == .clockwise)
        #expect(reversed.turn == 1)
        // Classic: no reversal.
        scenario.settings = .classic
        let classic = try scenario.state().playing("play AS")
        #expect(classic.direction == .clockwise && classic.turn == 2)
    }

    @Test func withTwoPlayersAnAceActsAsASkip() throws {
        let state = try Scenario("AS 4D", "2C", settings: .party).state().playing("play AS")
        #expect(state.turn == 0)
        #expect(state.direction == .clockwise)
    }

    @Test func aTwoMakesTheNextPlayerDrawTwoOrStack() throws {
        var scenario = Scenario("2S 4D", "5H 2H KD", "2C 6C", settings: .party)
        scenario.stock = "3C 4C 5C 6C 7C 9C JC"
        let afterTwo = try scenario.state().playing("play 2S")
        #expect(afterTwo.pendingPenalty == 2)
        #expect(afterTwo.turn == 1)
        // Only a two may go on it; the player may also take the penalty.
        #expect(afterTwo.legal == ["play 2H", "draw"])
        #expect(try afterTwo.refusal("play 5H") == .invalidAction("a two was played on you: stack a two or draw 2 cards; 5H is not a two"))
        #expect(try afterTwo.refusal("pass") == .invalidAction("you can play 2H, so you may not pass"))

        let stacked = try afterTwo.playing("play 2H")
        #expect(stacked.pendingPenalty == 4)
        #expect(stacked.turn == 2)
        #expect(stacked.legal == ["play 2C", "draw"])

        let taken = try stacked.playing("draw")
        #expect(taken.hand(2) == ["2C", "6C", "JC", "9C", "7C", "6C"])
        #expect(taken.pendingPenalty == 0)
        #expect(taken.turn == 0, "drawing the penalty ends the turn")
        #expect(taken.drawsThisTurn == 0)
    }

    @Test func aPenaltyIgnoresTheDrawLimitsAndTakesWhatTheStockCanGive() throws {
        var scenario = Scenario("2S 4D", "5H", settings: settings(.party) { $0.maxDrawsPerTurn = 1; $0.drawRule = .oneThenPass })
        scenario.stock = "JC"
        scenario.discard = "KS"
        let state = try scenario.state().playing("play 2S")
        #expect(state.legal == ["draw"])
        let taken = try state.playing("draw")
        // JC, then the reshuffled KS (the 2S stays on top).
        #expect(counts(taken.hands[1]) == counts(try cards("5H JC KS")))
        #expect(taken.discard.map(\.notation) == ["2S"])
        #expect(taken.turn == 0)
    }

    @Test func aPenaltyNobodyCanDrawLapsesWithAPass() throws {
        var scenario = Scenario("2S 4D", "5H", "6H", settings: settings(.party) { $0.reshuffleDiscard = false })
        scenario.stock = ""
        let state = try scenario.state().playing("play 2S")
        #expect(state.legal == ["pass"])
        let passed = try state.playing("pass")
        #expect(passed.pendingPenalty == 0)
        #expect(passed.turn == 2)
        #expect(passed.legal == ["pass"], "6H does not match the 2 of spades")
    }

    @Test func theSwitchesWorkOnTheirOwn() throws {
        let twosOnly = settings { $0.twoDrawsTwo = true }
        let state = try Scenario("2S QS", "3C", "4C", settings: twosOnly).state()
        #expect(try state.playing("play QS").turn == 1)
        #expect(try state.playing("play 2S").pendingPenalty == 2)
        let queensOnly = settings { $0.queenSkips = true }
        let other = try Scenario("2S QS", "3C", "4C", settings: queensOnly).state()
        #expect(try other.playing("play QS").turn == 2)
        #expect(try other.playing("play 2S").pendingPenalty == 0)
    }

    @Test func goingOutOnASpecialCardEndsTheRoundWithoutItsEffect() throws {
        var scenario = Scenario("2S", "5H KD", "7C", settings: .party)
        scenario.settings.targetScore = 1000
        let state = try scenario.state().playing("play 2S")
        #expect(state.rounds.last?.winners == [0])
        #expect(state.rounds.last?.scored == [22, 0, 0])
        #expect(state.pendingPenalty == 0)
        #expect(state.round == 2)
    }
}
