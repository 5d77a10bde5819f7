import Foundation
import GameCore
import Testing

@testable import CrazyEights

@Suite struct ViewTests {
    func scenario() throws -> CrazyEightsState {
        var scenario = Scenario("KC 7S 2H", "9C 4D", "JH", settings: .party)
        scenario.discard = "3S 9S"
        scenario.stock = "5C 6C 7C"
        return try scenario.state()
    }

    @Test func aPlayerSeesTheirOwnSortedHandAndOnlyCountsOfTheOthers() throws {
        let view = CrazyEights.view(of: try scenario(), for: .player(seat: 0))
        #expect(view.hand.map(\.notation) == ["KC", "2H", "7S"])
        #expect(view.handCounts == [3, 2, 1])
        #expect(view.topCard == (try card("9S")))
        #expect(view.currentSuit == .spades)
        #expect(view.discardCount == 2)
        #expect(view.stockCount == 3)
        #expect(view.turn == 0)
        #expect(view.legalActions.map(\.notation) == ["play 7S"])
        #expect(view.settings == .party)
        #expect(view.round == 1 && view.lastRound == nil && view.outcome == nil)
    }

    @Test func othersAndSpectatorsSeeNoCardsAndNoActions() throws {
        let state = try scenario()
        for viewer in [Viewer.player(seat: 1), .spectator, .player(seat: 9)] {
            let view = CrazyEights.view(of: state, for: viewer)
            #expect(view.legalActions.isEmpty)
            let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
            #expect(!json.contains("KC") && !json.contains("7S") && !json.contains("2H"))
            #expect(!json.contains("5C") && !json.contains("random") && !json.contains("stock\":["))
        }
        #expect(CrazyEights.view(of: state, for: .spectator).hand.isEmpty)
        #expect(CrazyEights.view(of: state, for: .player(seat: 1)).hand.map(\.notation) == ["9C", "4D"])
    }

    @Test func aViewRoundTripsThroughJSON() throws {
        let state = try scenario().playing("play 7S")
        for viewer in [Viewer.player(seat: 1), .spectator] {
            let view = CrazyEights.view(of: state, for: viewer)
            #expect(try JSONDecoder().decode(CrazyEightsView.self, from: JSONEncoder().encode(view)) == view)
        }
    }

    @Test func predictionShowsTheViewersOwnPlay() throws {
        let state = try scenario()
        let view = CrazyEights.view(of: state, for: .player(seat: 0))
        let predicted = try #require(CrazyEights.predict(view, .play(try card("7S")), by: 0))
        let actual = CrazyEights.view(of: try state.playing("play 7S"), for: .player(seat: 0))
        #expect(predicted.hand == actual.hand)
        #expect(predicted.handCounts == actual.handCounts)
        #expect(predicted.topCard == actual.topCard && predicted.currentSuit == actual.currentSuit)
        #expect(predicted.discardCount == actual.discardCount)
        #expect(predicted.turn == 0, "the turn is left for the host")
        #expect(predicted.legalActions.isEmpty)
    }

    @Test func predictionNamesTheSuitOfAnEight() throws {
        let view = CrazyEights.view(of: try Scenario("8D 4C", "2C").state(), for: .player(seat: 0))
        let predicted = try #require(CrazyEights.predict(view, .play(try card("8D"), namedSuit: .hearts), by: 0))
        #expect(predicted.currentSuit == .hearts)
        #expect(predicted.topCard == (try card("8D")))
        #expect(CrazyEights.predict(view, .play(try card("8D")), by: 0) == nil, "an eight without a suit")
    }

    @Test func predictionDeclinesWhatItCannotCheck() throws {
        let state = try scenario()
        let mine = CrazyEights.view(of: state, for: .player(seat: 0))
        #expect(CrazyEights.predict(mine, .draw, by: 0) == nil)
        #expect(CrazyEights.predict(mine, .pass, by: 0) == nil)
        #expect(CrazyEights.predict(mine, .play(try card("KC")), by: 0) == nil, "does not match")
        #expect(CrazyEights.predict(mine, .play(try card("5S")), by: 0) == nil, "not in the hand")
        #expect(CrazyEights.predict(mine, .play(try card("7S")), by: 1) == nil, "another seat")
        #expect(CrazyEights.predict(mine, .play(try card("7S"), namedSuit: .clubs), by: 0) == nil)
        let spectator = CrazyEights.view(of: state, for: .spectator)
        #expect(CrazyEights.predict(spectator, .play(try card("7S")), by: 0) == nil)
        let notMyTurn = CrazyEights.view(of: state, for: .player(seat: 1))
        #expect(CrazyEights.predict(notMyTurn, .play(try card("9C")), by: 1) == nil)
        // Under a penalty only a two is predicted.
        var party = Scenario("2S 4D", "5S 2H", settings: .party)
        party.stock = "3C 4C"
        let underPenalty = CrazyEights.view(of: try party.state().playing("play 2S"), for: .player(seat: 1))
        #expect(CrazyEights.predict(underPenalty, .play(try card("5S")), by: 1) == nil)
        #expect(CrazyEights.predict(underPenalty, .play(try card("2H")), by: 1) != nil)
    }
}
