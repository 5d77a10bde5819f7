import GameCore
import Testing

@testable import Quortex

@Suite struct ResignationTests {
    @Test func withTwoPlayersTheOtherWins() throws {
        let state = try Scenario(sides: [0, 2]).state()
        // A player may resign when it is not their turn.
        let over = try Quortex.reduce(state, .resign, by: 1)
        #expect(over.outcome == GameOutcome(winners: [0], winType: .resignation))
    }

    @Test func withTwoTeamsOneMemberResigningLosesForTheTeam() throws {
        let state = try Scenario(sides: [0, 1, 3, 4]).state()
        let over = try Quortex.reduce(state, .resign, by: 2)
        #expect(over.outcome == GameOutcome(winners: [1, 3], winType: .resignation))
    }

    @Test func withMoreSidesPlayContinuesWithoutTheResignedSeat() throws {
        var scenario = Scenario(sides: [0, 2, 4])
        scenario.turnSeat = 1
        let state = try scenario.state()
        let drawn = state.drawn

        // Seat 1 resigns on its own turn: the drawn tile passes to the next seat in play.
        let afterOne = try Quortex.reduce(state, .resign, by: 1)
        #expect(afterOne.outcome == nil)
        #expect(afterOne.currentSeat == 2)
        #expect(afterOne.drawn == drawn)
        #expect(afterOne.position.resignedCamps == [1])
        #expect(Quortex.legalActions(in: afterOne, for: 1) == [])
        #expect(throws: GameError.self) { try Quortex.reduce(afterOne, .resign, by: 1) }

        // Turns now skip seat 1.
        var seats: [Int] = []
        var current = afterOne
        for _ in 0..<4 {
            seats.append(current.currentSeat)
            let placement = try #require(current.position.legalPlacements.first)
            current = try Quortex.reduce(current, .place(placement), by: current.currentSeat)
        }
        #expect(seats == [2, 0, 2, 0])
        #expect(throws: GameError.notYourTurn("it is seat 2's turn, not seat 1's")) {
            try Quortex.reduce(current, .place(Cell(row: 0, col: 0), rotation: 0), by: 1)
        }

        // When only one side remains, it wins.
        let last = try Quortex.reduce(current, .resign, by: 0)
        #expect(last.outcome == GameOutcome(winners: [2], winType: .resignation))
    }

    @Test func aResignedSeatNoLongerLimitsPlacements() throws {
        // Side 5 nearly closed (see RuleTests): with seat 1 (side 2 → 5) resigned, g4 r0 is legal.
        var scenario = Scenario(sides: [0, 2, 4])
        scenario.tiles = ["g1", "g2", "g3"].map { ($0, PlacedTile(.twoSharps, rotation: 0)) }
        scenario.drawn = .twoSharps
        let state = try scenario.state()
        #expect(throws: GameError.self) { try play(state, ["g4r0"]) }
        let resigned = try Quortex.reduce(state, .resign, by: 1)
        let placed = try play(resigned, ["g4r0"])
        #expect(placed.board[Cell(row: 3, col: 0)] == PlacedTile(.twoSharps, rotation: 0))
    }
}
