import GameCore
import Testing

@testable import Quortex

/// Builds positions by hand: tiles on named cells, a chosen drawn tile and whose turn it is.
struct Scenario {
    var sides: [Int]
    var tiles: [(String, PlacedTile)] = []
    var drawn: TileType = .noSharps
    var turnSeat = 0
    var bag: [TileType] = Array(repeating: .twoSharps, count: 20)

    func state() throws -> QuortexState {
        let seating = try Seating(sides: sides)
        var board = Board.empty
        for (name, tile) in tiles {
            let cell = try #require(Cell(name: Substring(name)), "bad cell \(name)")
            #expect(board.isEmpty(cell), "\(name) placed twice")
            board[cell] = tile
        }
        let turn = try #require(seating.turnSlots.firstIndex { $0.seat == turnSeat })
        return QuortexState(
            players: GamePlayer.seats(sides.count),
            position: QuortexPosition(board: board, seating: seating, drawn: drawn, turn: turn),
            bag: bag, placements: tiles.count, outcome: nil, random: GameRandom(seed: 1))
    }
}

/// Tiles that lay a flow along `cells`, entering the first through side `entry` and leaving the
/// last through side `exit`: for each cell, the first tile type and rotation with that pair.
func path(_ names: [String], entry: Direction, exit: Direction) throws -> [(String, PlacedTile)] {
    let cells = try names.map { try #require(Cell(name: Substring($0)), "bad cell \($0)") }
    var result: [(String, PlacedTile)] = []
    var incoming = entry
    for (index, cell) in cells.enumerated() {
        let outgoing: Direction
        if index + 1 < cells.count {
            outgoing = try #require(Direction.allCases.first { cell.neighbour($0) == cells[index + 1] }, "not adjacent")
        } else {
            outgoing = exit
        }
        result.append((names[index], try tile(joining: [(incoming, outgoing)])))
        incoming = outgoing.opposite
    }
    return result
}

/// The first tile (by type, then rotation) whose pairs include all of `pairs`.
func tile(joining pairs: [(Direction, Direction)]) throws -> PlacedTile {
    for type in TileType.allCases {
        for rotation in 0..<6 {
            let tile = PlacedTile(type, rotation: rotation)
            if pairs.allSatisfy({ tile.exit(from: $0.0) == $0.1 }) { return tile }
        }
    }
    Issue.record("no tile joins \(pairs)")
    throw GameError.invalidAction("no such tile")
}

/// Applies a sequence of notation moves, each by the seat whose turn it is.
func play(_ state: QuortexState, _ moves: [String]) throws -> QuortexState {
    var state = state
    for move in moves {
        state = try Quortex.reduce(state, QuortexAction(notation: move), by: state.currentSeat)
    }
    return state
}

/// Plays uniformly random legal placements from `seed` until the game ends.
func randomGame(players: Int, seed: UInt64, visit: (QuortexState, QuortexAction?) throws -> Void = { _, _ in })
    throws -> GameRecord<Quortex>
{
    var record = GameRecord<Quortex>(settings: QuortexSettings(), seed: GameSeed(seed), seats: GamePlayer.seats(players))
    var state = try Quortex.initialState(players: record.seats, settings: record.settings, seed: record.seed)
    var random = GameRandom(seed: GameSeed(seed ^ 0x5eed))
    try visit(state, nil)
    while !state.isOver {
        let choice = random.element(of: state.position.legalPlacements)
        let placement = try #require(choice, "no legal move but the game is not over")
        state = try record.append(.place(placement), by: state.currentSeat, to: state)
        try visit(state, .place(placement))
    }
    return record
}
