import GameCore
import QuortexOracle
import Testing

@testable import Quortex

/// One hand-built position per way of winning.
@Suite struct VictoryTests {
    /// Side 0 (lower-left) to side 3 (upper-right) along the long diagonal g1 … a7.
    static let diagonal = ["g1", "f2", "e3", "d4", "c5", "b6", "a7"]
    /// Side 2 (top) to side 5 (bottom), a4 down to g4, crossing the diagonal at d4.
    static let column = ["a4", "b4", "c4", "d4", "d5", "e5", "f5", "g4"]

    func diagonalExceptCentre() throws -> [(String, PlacedTile)] {
        try path(Self.diagonal, entry: .west, exit: .northEast).filter { $0.0 != "d4" }
    }

    @Test func soloFlowWins() throws {
        var scenario = Scenario(sides: [0, 2])
        scenario.tiles = try diagonalExceptCentre()
        scenario.drawn = .noSharps
        let state = try scenario.state()
        #expect(state.position.legalPlacements.contains(Placement(cell: Cell(row: 0, col: 0), rotation: 5)))

        let won = try play(state, ["d4r5"])
        #expect(won.outcome == GameOutcome(winners: [0], winType: .flow))
        #expect(won.drawn == nil)
        let winning = try #require(won.flows.first { $0.side == 0 && $0.exitSide == 3 })
        #expect(winning.seat == 0)
        #expect(winning.steps.map(\.cell.name) == Self.diagonal)
    }

    @Test func aWinningPlacementIsLegalEvenWhenItClosesAnotherPlayersRoute() throws {
        // The diagonal lacks only g1. The bottom cells g2–g4 already tie their side-5 ports to each
        // other; One Sharps at g1 turned 0 finishes the diagonal (W–NE) and ties g1's last side-5
        // port to side 0 (SW–SE), leaving seat 1 (side 2 → 5) no route at all.
        var scenario = Scenario(sides: [0, 2])
        let bottom = ["g2", "g3", "g4"].map { ($0, PlacedTile(.twoSharps, rotation: 0)) }
        scenario.tiles = try path(Self.diagonal, entry: .west, exit: .northEast).filter { $0.0 != "g1" } + bottom
        scenario.drawn = .oneSharp
        let won = try play(scenario.state(), ["g1r0"])
        #expect(won.outcome == GameOutcome(winners: [0], winType: .flow))
        #expect(!hasPossibleRoute(on: won.board, from: 2, to: 5))

        // Without the win (a7 missing), the same placement is refused.
        scenario.tiles = scenario.tiles.filter { $0.0 != "a7" }
        #expect(throws: GameError.self) { try play(scenario.state(), ["g1r0"]) }
    }

    @Test func aFlowToAnotherSideDoesNotWin() throws {
        // The same diagonal for side 2's player, who needs side 5, wins nothing.
        var scenario = Scenario(sides: [1, 2])
        scenario.tiles = try diagonalExceptCentre()
        let state = try play(scenario.state(), ["d4r5"])
        #expect(state.outcome == nil)
    }

    @Test func teamFlowWinsForBothMembers() throws {
        // Four players: teams (sides 0, 3) = seats 0 and 2, and (1, 4) = seats 1 and 3.
        var scenario = Scenario(sides: [0, 1, 3, 4])
        scenario.tiles = try diagonalExceptCentre()
        scenario.turnSeat = 3
        let won = try play(scenario.state(), ["d4r5"])
        // Seat 3 placed the tile, but it joined the other team's sides.
        #expect(won.outcome == GameOutcome(winners: [0, 2], winType: .flow))
    }

    @Test func onePlacementCompletingTwoFlowsIsATie() throws {
        var scenario = Scenario(sides: [0, 2])
        let column = try path(Self.column, entry: .northWest, exit: .southEast)
        scenario.tiles = try diagonalExceptCentre() + column.filter { $0.0 != "d4" }
        let centre = try tile(joining: [(.southWest, .northEast), (.northWest, .east)])
        scenario.drawn = centre.type
        scenario.turnSeat = 1
        let state = try scenario.state()
        #expect(state.outcome == nil)

        let tied = try play(state, ["d4r\(centre.rotation)"])
        #expect(tied.outcome == GameOutcome(winners: [0, 1], winType: .tie))
    }

    @Test func aTileThatFitsNowhereWinsForWhoeverDrewIt() throws {
        // 36 tiles down (cell, tile letter N/O/T/H for no/one/two/three sharps, rotation); only f4
        // is empty. Two Sharps fits there in no rotation without cutting a route, and wins nothing.
        let board = [
            "a4H4", "a5O3", "a6N2", "a7O3", "b3O4", "b4N2", "b5N3", "b6H4", "b7O3",
            "c2N3", "c3O4", "c4H3", "c5H4", "c6O3", "c7N3", "d1H0", "d2H2", "d3H5",
            "d4H2", "d5T1", "d6O4", "d7H0", "e1H0", "e2N1", "e3N4", "e4O3", "e5T2",
            "e6T2", "f1N4", "f2N3", "f3T1", "f5T4", "g1T1", "g2O2", "g3T3", "g4O1",
        ]
        var scenario = Scenario(sides: [0, 2])
        scenario.tiles = try board.map { entry in
            let characters = Array(entry)
            let type = try #require(TileType.allCases.first { $0.letter == characters[2] })
            return (String(characters[0...1]), PlacedTile(type, rotation: try #require(characters[3].wholeNumberValue)))
        }
        // Seat 0 places the last-but-one tile (Three Sharps on d7); seat 1 then draws Two Sharps.
        scenario.tiles.removeAll { $0.0 == "d7" }
        scenario.drawn = .threeSharps
        scenario.bag = [.twoSharps]
        let ended = try play(scenario.state(), ["d7r0"])
        #expect(ended.board.emptyCells.map(\.name) == ["f4"])
        #expect(ended.drawn == .twoSharps)
        #expect(ended.outcome == GameOutcome(winners: [1], winType: .constraint))
        #expect(bruteForceLegalPlacements(ended.position, tile: .twoSharps).isEmpty)
        // Some other tile would have fitted: it is this draw that decides the game.
        #expect(!bruteForceLegalPlacements(ended.position, tile: .oneSharp).isEmpty)

        // The position arises in play: the first seeded random game that ends by constraint.
        let record = try Self.constraintRecord()
        #expect(try record.replay().board == ended.board)
    }

    /// The first seeded random two-player game that ends by constraint.
    static func constraintRecord() throws -> GameRecord<Quortex> {
        for seed in UInt64(0)..<500 {
            let record = try randomGame(players: 2, seed: seed)
            if record.outcome?.winType == .constraint { return record }
        }
        Issue.record("no constraint victory in 500 random games")
        throw GameError.desync("none found")
    }
}
