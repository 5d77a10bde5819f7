import GameCore
import QuortexOracle
import Testing

@testable import Quortex

@Suite struct RuleTests {
    /// g1, g2, g3 hold Two Sharps at rotation 0, whose south-west–south-east sharp ties each
    /// bottom port to a neighbouring border port; only g4 still connects side 5 to the board.
    func bottomRowNearlyClosed() throws -> QuortexState {
        var scenario = Scenario(sides: [0, 2])
        scenario.tiles = ["g1", "g2", "g3"].map { ($0, PlacedTile(.twoSharps, rotation: 0)) }
        scenario.drawn = .twoSharps
        return try scenario.state()
    }

    @Test func aPlacementThatCutsOffAPlayersLastRouteIsRejected() throws {
        let state = try bottomRowNearlyClosed()
        #expect(hasPossibleRoute(on: state.board, from: 2, to: 5))
        // Rotations 0 and 3 are the same tile, and both would close side 5 for seat 1.
        for rotation in [0, 3] {
            #expect(throws: GameError.self) { try play(state, ["g4r\(rotation)"]) }
            do {
                _ = try play(state, ["g4r\(rotation)"])
            } catch let error as GameError {
                #expect(error.code == .invalidAction)
                #expect(error.message == "Two Sharps on g4 turned \(rotation) would leave seat 1 (side 2 to side 5) without a possible route")
            }
        }
        let legalThere = state.position.legalPlacements.filter { $0.cell.name == "g4" }.map(\.rotation)
        #expect(legalThere == [1, 2, 4, 5])
        let after = try play(state, ["g4r1"])
        #expect(after.currentSeat == 1 && after.outcome == nil)
    }

    @Test func badPlacementsAreRejectedWithTheRightError() throws {
        let state = try bottomRowNearlyClosed()
        func code(_ action: QuortexAction, by seat: Int) -> GameError.Code? {
            do {
                _ = try Quortex.reduce(state, action, by: seat)
                return nil
            } catch { return error.code }
        }
        #expect(code(.place(Cell(row: 3, col: -3), rotation: 1), by: 0) == .invalidAction)  // g1 occupied
        #expect(code(.place(Cell(row: 3, col: 3), rotation: 1), by: 0) == .invalidAction)  // off the board
        #expect(code(.place(Cell(row: 0, col: 0), rotation: 6), by: 0) == .invalidAction)
        #expect(code(.place(Cell(row: 0, col: 0), rotation: 1), by: 1) == .notYourTurn)
        #expect(code(.place(Cell(row: 0, col: 0), rotation: 1), by: 2) == .invalidAction)  // no such seat
        #expect(code(.place(Cell(row: 0, col: 0), rotation: 1), by: 0) == nil)

        let over = try Quortex.reduce(state, .resign, by: 1)
        #expect(throws: GameError.gameOver("the game is over")) {
            try Quortex.reduce(over, .place(Cell(row: 0, col: 0), rotation: 1), by: 0)
        }
    }

    @Test func aRejectedActionLeavesTheStateAsItWas() throws {
        let state = try bottomRowNearlyClosed()
        let copy = state
        _ = try? Quortex.reduce(state, .place(Cell(row: 3, col: 0), rotation: 0), by: 0)
        #expect(state == copy)
    }

    @Test func turnsGoClockwiseBySideAndTheFiveSeatSoloPlaysTheEmptySeat() throws {
        let five = try Seating(sides: [0, 1, 2, 3, 4])
        #expect(five.turnSlots.map(\.side) == [0, 1, 2, 3, 4, 5])
        #expect(five.turnSlots.map(\.seat) == [0, 1, 2, 3, 4, 2])
        #expect(five.camps.map(\.seats) == [[0, 3], [1, 4], [2]])
        #expect(five.camps[2].from == 2 && five.camps[2].to == 5)

        var state = try Quortex.initialState(players: GamePlayer.seats(5), settings: QuortexSettings(), seed: 3)
        var seats: [Int] = []
        var random = GameRandom(seed: 3)
        for _ in 0..<12 where !state.isOver {
            seats.append(state.currentSeat)
            let choice = random.element(of: state.position.legalPlacements)
            let placement = try #require(choice)
            state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
        }
        let cycle = [0, 1, 2, 3, 4, 2]
        let start = try #require(cycle.firstIndex(of: seats[0]))
        #expect(seats == (0..<seats.count).map { cycle[(start + $0) % 6] })
    }

    @Test func standardAndCustomSeatings() throws {
        #expect(try Seating(sides: [0, 2]).camps.map(\.to) == [3, 5])
        #expect(try Seating(sides: [0, 2, 4]).turnSlots.map(\.seat) == [0, 1, 2])
        #expect(try Seating(sides: [0, 1, 3, 4]).camps.map(\.seats) == [[0, 2], [1, 3]])
        #expect(try Seating(sides: [0, 1, 2, 3, 4, 5]).camps.count == 3)
        // Custom: any sides, as long as teams face each other and solos aim at an empty side.
        #expect(try Seating(sides: [1, 3]).camps.map(\.to) == [4, 0])
        #expect(throws: GameError.self) { try Seating(sides: [0, 3]) }  // one team, no opponent
        #expect(throws: GameError.self) { try Seating(sides: [0, 0]) }
        #expect(throws: GameError.self) { try Seating(sides: [0, 6]) }
        #expect(throws: GameError.self) { try Seating(sides: [0]) }
        let settings = QuortexSettings(sides: [1, 3, 5])
        let state = try Quortex.initialState(players: GamePlayer.seats(3), settings: settings, seed: 1)
        #expect(state.position.seating.sides == [1, 3, 5])
        #expect(throws: GameError.self) {
            try Quortex.initialState(players: GamePlayer.seats(2), settings: settings, seed: 1)
        }
        #expect(throws: GameError.self) {
            try Quortex.initialState(players: GamePlayer.seats(7), settings: QuortexSettings(), seed: 1)
        }
    }

    @Test func settingsOfAnotherVersionAreRefused() throws {
        var settings = QuortexSettings()
        settings.settingsVersion = 2
        #expect(throws: GameError.versionMismatch(
            "quortex settings version 2 is not 1, the version this build plays")) {
            try Quortex.initialState(players: GamePlayer.seats(2), settings: settings, seed: 1)
        }
    }

    @Test func theGameStartsWithAShuffledFullBagAndOneDrawnTile() throws {
        let state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 11)
        let all = state.bag + [try #require(state.drawn)]
        for type in TileType.allCases {
            #expect(all.count(where: { $0 == type }) == 10)
        }
        let other = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 12)
        #expect(state.bag != other.bag)
        #expect(try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 11) == state)
    }
}

/// A client with no rules of its own learns its moves from its view.
@Suite struct LegalPlacementsInTheViewTests {
    @Test func onlyTheSeatToMoveSeesItsLegalPlacements() throws {
        var state = try Quortex.initialState(players: GamePlayer.seats(3), settings: QuortexSettings(), seed: 11)
        var random = GameRandom(seed: 11)
        for _ in 0..<6 {
            let mover = state.currentSeat
            for seat in 0..<3 {
                let view = Quortex.view(of: state, for: .player(seat: seat))
                #expect(view.legalPlacements == (seat == mover ? state.position.legalPlacements : nil), "seat \(seat)")
            }
            #expect(Quortex.view(of: state, for: .spectator).legalPlacements == nil)
            let choice = random.element(of: state.position.legalPlacements)
            let placement = try #require(choice)
            state = try Quortex.reduce(state, .place(placement), by: mover)
        }
        #expect(!(Quortex.view(of: state, for: .player(seat: state.currentSeat)).legalPlacements ?? []).isEmpty)
    }
}
