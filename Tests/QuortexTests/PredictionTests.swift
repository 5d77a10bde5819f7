import GameCore
import Testing

@testable import Quortex

@Suite struct PredictionTests {
    /// Over whole games: the predicted view is the authority's next view without the newly drawn
    /// tile; illegal, out-of-turn and flow-completing moves are not predicted.
    @Test(arguments: [2, 3, 4, 6])
    func predictionMatchesTheAuthorityButTheDraw(players: Int) throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(players), settings: QuortexSettings(), seed: GameSeed(UInt64(players)))
        var random = GameRandom(seed: 9)
        var predicted = 0
        while state.outcome == nil {
            let seat = state.currentSeat
            let view = Quortex.view(of: state, for: .player(seat: seat))
            let placement = try #require(HeuristicBot().choosePlacement(in: state.position, random: &random))
            let next = try Quortex.reduce(state, .place(placement), by: seat)
            let prediction = Quortex.predict(view, .place(placement), by: seat)
            if next.outcome != nil {
                // A flow's end is not predicted; a next tile that fits nowhere cannot be foreseen.
                #expect(prediction == nil || next.outcome?.winType == .constraint)
            } else {
                var expected = Quortex.view(of: next, for: .player(seat: seat))
                expected.position.drawn = nil
                expected.legalPlacements = nil
                expected.bagCount = view.bagCount
                #expect(prediction == expected)
                predicted += 1
            }
            let other = (seat + 1) % players
            #expect(Quortex.predict(Quortex.view(of: state, for: .player(seat: other)), .place(placement), by: other) == nil)
            state = next
        }
        #expect(predicted > 3)
        let empty = try #require(Quortex.view(of: state, for: .player(seat: 0)).position.board.emptyCells.first)
        #expect(Quortex.predict(Quortex.view(of: state, for: .player(seat: 0)), .place(empty, rotation: 0), by: 0) == nil, "over")
    }
}
