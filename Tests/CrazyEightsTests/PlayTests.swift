import GameCore
import Testing

@testable import CrazyEights

@Suite struct PlayTests {
    @Test func aCardFollowsTheSuitOrMatchesTheRank() throws {
        let state = try Scenario("7S 9H 4D KC", "2C 3C").state()  // top 9S
        #expect(state.legal == ["play 9H", "play 7S"])
        let bySuit = try state.playing("play 7S")
        #expect(bySuit.topCard == (try card("7S")))
        #expect(bySuit.currentSuit == .spades)
        #expect(bySuit.hand(0) == ["9H", "4D", "KC"])
        #expect(bySuit.turn == 1)
        let byRank = try state.playing("play 9H")
        #expect(byRank.currentSuit == .hearts)
        #expect(byRank.discard.map(\.notation) == ["9S", "9H"])
    }

    @Test func aCardThatFitsNeitherIsRefusedSayingWhy() throws {
        let state = try Scenario("7S 9H 4D KC", "2C 3C").state()
        #expect(try state.refusal("play 4D") == .invalidAction("4D does not match the 9 of spades"))
        #expect(try state.refusal("play 5S") == .invalidAction("you do not hold the 5 of spades (5S)"))
    }

    @Test func anEightIsAlwaysPlayableAndMustNameASuit() throws {
        let state = try Scenario("8D 4C", "2C 3C").state()  // top 9S
        #expect(state.legal == ["play 8D clubs", "play 8D diamonds", "play 8D hearts", "play 8D spades"])
        let error = try #require(try state.refusal("play 8D"))
        #expect(error.code == .invalidAction)
        #expect(error.message.contains("an eight must name the suit to follow"))
        let named = try state.playing("play 8D hearts")
        #expect(named.topCard == (try card("8D")))
        #expect(named.currentSuit == .hearts)
    }

    @Test func aNonEightMustNotNameASuit() throws {
        let state = try Scenario("7S", "2C").state()
        #expect(try state.refusal("play 7S hearts") == .invalidAction("only an eight names a suit; play 7S without one"))
    }

    @Test func afterAnEightTheNamedSuitIsFollowed() throws {
        var scenario = Scenario("9S 4H KD", "2C")
        scenario.discard = "3C 8C"
        scenario.currentSuit = .hearts
        let state = try scenario.state()
        #expect(state.legal == ["play 4H"])
        #expect(try state.refusal("play 9S") == .invalidAction("9S does not match the 8 of clubs, with hearts named"))
        // An eight on an eight is fine and names afresh.
        scenario.hands = ["8S 4H", "2C"]
        #expect(try scenario.state().playing("play 8S diamonds").currentSuit == .diamonds)
    }

    @Test func onlyThePlayerToActMayActAndOnlyRealSeats() throws {
        let state = try Scenario("7S", "9C", "KS").state()
        #expect(try state.refusal("play 9C", by: 1) == .notYourTurn("it is seat 0's turn, not seat 1's"))
        #expect(try state.refusal("draw", by: 2)?.code == .notYourTurn)
        #expect(try state.refusal("play 7S", by: 3) == .invalidAction("there is no seat 3 in this 3-player game"))
        #expect(try state.refusal("play 7S", by: -1)?.code == .invalidAction)
        #expect(CrazyEights.legalActions(in: state, for: 1) == [])
        #expect(CrazyEights.legalActions(in: state, for: 7) == [])
    }

    @Test func nothingMayBePlayedOnceTheMatchIsOver() throws {
        var scenario = Scenario("7S", "KC KD")
        scenario.settings.targetScore = 20
        let state = try scenario.state().playing("play 7S")
        #expect(state.outcome == GameOutcome(winners: [0], winType: .targetScore))
        for move in ["play KC", "draw", "pass"] {
            #expect(try state.refusal(move, by: 1) == .gameOver("the match is over"))
            #expect(try state.refusal(move, by: 0)?.code == .gameOver)
        }
        #expect(CrazyEights.legalActions(in: state, for: 0) == [])
        #expect(CrazyEights.legalActions(in: state, for: 1) == [])
    }

    @Test func duplicateCardsFromTwoDecksAreOneActionAndPlayOneCopy() throws {
        let state = try Scenario("7S 7S 2H", "3C", "4C", "5C", "6C", "7C").state()
        #expect(state.legal == ["play 7S"])
        let next = try state.playing("play 7S")
        #expect(next.hand(0) == ["7S", "2H"])
    }

    @Test func anInconsistentStateIsADesyncNotACrash() throws {
        var state = try Scenario("7S", "9C").state()
        state.scores = [0]
        #expect(try state.refusal("play 7S")?.code == .desync)
    }
}
