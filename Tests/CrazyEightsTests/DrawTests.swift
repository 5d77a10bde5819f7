import GameCore
import Testing

@testable import CrazyEights

@Suite struct DrawTests {
    @Test func drawingIsOnlyForAPlayerWithNothingToPlay() throws {
        let state = try Scenario("7S 4D", "2C").state()
        #expect(try state.refusal("draw") == .invalidAction("you can play 7S, so you may not draw"))
        #expect(!state.legal.contains("draw"))
    }

    /// A refusal names every card that fits (each once), not the first one found.
    @Test func aRefusalNamesEveryCardThatFits() throws {
        let state = try Scenario("6S 4D 9H 6S 8C", "2C").state()
        #expect(try state.refusal("pass") == .invalidAction("you can play 8C, 9H or 6S, so you may not pass"))
        #expect(try state.refusal("draw") == .invalidAction("you can play 8C, 9H or 6S, so you may not draw"))
        let two = try Scenario("6S 9H 4D", "2C").state()
        #expect(try two.refusal("pass") == .invalidAction("you can play 9H or 6S, so you may not pass"))
    }

    @Test func drawUntilPlayableKeepsTheTurnUntilACardFits() throws {
        var scenario = Scenario("4D KC", "2C 3C")
        scenario.stock = "QS 5H 6D"  // draws 6D, 5H, then QS fits the 9 of spades
        let state = try scenario.state()
        #expect(state.legal == ["draw"])
        let once = try state.playing("draw")
        #expect(once.turn == 0 && once.drawsThisTurn == 1)
        #expect(once.hand(0) == ["4D", "KC", "6D"])
        #expect(once.legal == ["draw"])
        let thrice = try once.playing("draw", "draw")
        #expect(thrice.legal == ["play QS"])
        #expect(try thrice.refusal("draw") == .invalidAction("you can play QS, so you may not draw"))
        #expect(try thrice.refusal("pass") == .invalidAction("you can play QS, so you may not pass"))
        let played = try thrice.playing("play QS")
        #expect(played.turn == 1 && played.drawsThisTurn == 0)
    }

    @Test func drawOneThenPass() throws {
        var scenario = Scenario("4D KC", "2C 3C", settings: settings { $0.drawRule = .oneThenPass })
        scenario.stock = "QS 5H"
        let state = try scenario.state()
        let drawn = try state.playing("draw")
        #expect(drawn.legal == ["pass"])
        #expect(try drawn.refusal("draw") == .invalidAction("you have drawn your one card this turn; pass"))
        let passed = try drawn.playing("pass")
        #expect(passed.turn == 1 && passed.drawsThisTurn == 0 && passed.blockedPasses == 0)
        // A drawn card that fits must be played: passing is only for a player who cannot play.
        scenario.stock = "5H QS"
        let lucky = try scenario.state().playing("draw")
        #expect(lucky.legal == ["play QS"])
    }

    @Test func maxDrawsPerTurnStopsDrawingAndAllowsAPass() throws {
        var scenario = Scenario("4D", "2C 3C", settings: settings { $0.maxDrawsPerTurn = 2 })
        scenario.stock = "QS 5H 6D"
        let state = try scenario.state().playing("draw", "draw")
        #expect(state.legal == ["pass"])
        #expect(try state.refusal("draw") == .invalidAction("you have drawn 2 cards this turn, the most allowed; pass"))
        let passed = try state.playing("pass")
        #expect(passed.turn == 1)
        #expect(passed.stock.map(\.notation) == ["QS"])
    }

    @Test func passingIsOnlyForAPlayerWhoCanNeitherPlayNorDraw() throws {
        let canDraw = try Scenario("4D", "2C").state()
        #expect(try canDraw.refusal("pass") == .invalidAction("you can still draw, so you may not pass"))
        var scenario = Scenario("4D", "2C", settings: settings { $0.reshuffleDiscard = false })
        scenario.stock = ""
        let stuck = try scenario.state()
        #expect(stuck.legal == ["pass"])
        #expect(try stuck.refusal("draw") == .invalidAction("the stock is empty (the discard pile is not reshuffled in this game)"))
        #expect(try stuck.playing("pass").turn == 1)
    }

    @Test func anEmptyStockIsRefilledFromTheDiscardPileButItsTopCard() throws {
        var scenario = Scenario("4D", "2C")
        scenario.stock = ""
        scenario.discard = "KH 5C JD 9S"
        let state = try scenario.state()
        #expect(state.legal == ["draw"])
        let drawn = try state.playing("draw")
        #expect(drawn.discard.map(\.notation) == ["9S"])
        #expect(drawn.stock.count == 2)
        #expect(counts(drawn.stock + drawn.hands[0]) == counts(try cards("KH 5C JD 4D")))
        #expect(drawn.random != state.random, "the reshuffle draws from the game's generator")
    }

    @Test func withReshuffleOffTheEmptyStockStaysEmpty() throws {
        var scenario = Scenario("4D", "2C", settings: settings { $0.reshuffleDiscard = false })
        scenario.stock = ""
        scenario.discard = "KH 5C JD 9S"
        let state = try scenario.state()
        #expect(state.legal == ["pass"])
        #expect(try state.playing("pass").discard.count == 4)
    }

    @Test func withOnlyTheTopCardThereIsNothingToReshuffle() throws {
        var scenario = Scenario("4D", "2C")
        scenario.stock = ""
        let state = try scenario.state()
        #expect(try state.refusal("draw") == .invalidAction("the stock is empty and the discard pile has nothing under its top card to reshuffle"))
        #expect(state.legal == ["pass"])
    }
}
