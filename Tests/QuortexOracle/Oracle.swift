@testable import Quortex

/// A deliberately plain reading of the legality rule, to check `PlacementAnalyzer` against: try
/// each placement on a copy of the board, recompute every flow, and search the route graph node
/// by node.
public func bruteForceLegalPlacements(_ position: QuortexPosition, tile: TileType) -> [Placement] {
    var legal: [Placement] = []
    for cell in position.board.emptyCells {
        for rotation in 0..<6 {
            var board = position.board
            board[cell] = PlacedTile(tile, rotation: rotation)
            let wins = !Flow.completedCamps(on: board, position: position).isEmpty
            let routesKept = position.campsInPlay.allSatisfy { campIndex in
                let camp = position.seating.camps[campIndex]
                return hasPossibleRoute(on: board, from: camp.from, to: camp.to)
            }
            if wins || routesKept { legal.append(Placement(cell: cell, rotation: rotation)) }
        }
    }
    return legal
}

/// Depth-first search over (cell, side) nodes, numbered `cell * 6 + side`: a placed tile joins
/// its pairs, an empty cell joins all its sides, and each side is joined to the facing side of the
/// neighbouring cell.
public func hasPossibleRoute(on board: Board, from start: Int, to target: Int) -> Bool {
    var seen = [Bool](repeating: false, count: Topology.cellCount * 6)
    var stack = Topology.ports.filter { $0.side == start }.map { $0.cellIndex * 6 + $0.direction.rawValue }
    while let node = stack.popLast() {
        guard !seen[node] else { continue }
        seen[node] = true
        let cellIndex = node / 6
        let side = Direction(rawValue: node % 6) ?? .southWest
        let cell = Topology.cells[cellIndex]
        let across = cell.neighbour(side)
        if let acrossIndex = across.index {
            stack.append(acrossIndex * 6 + side.opposite.rawValue)
        } else if Topology.portSide[node] == target {
            return true
        }
        if let tile = board[cell] {
            stack.append(cellIndex * 6 + tile.exit(from: side).rawValue)
        } else {
            stack.append(contentsOf: (0..<6).map { cellIndex * 6 + $0 })
        }
    }
    return false
}
