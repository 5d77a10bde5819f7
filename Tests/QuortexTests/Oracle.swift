@testable import Quortex

/// A deliberately plain reading of the legality rule, to check `PlacementAnalyzer` against: try
/// each placement on a copy of the board, recompute every flow, and search the route graph node
/// by node.
func bruteForceLegalPlacements(_ position: QuortexPosition, tile: TileType) -> [Placement] {
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

/// Depth-first search over (cell, side) nodes: a placed tile joins its pairs, an empty cell joins
/// all its sides, and each side is joined to the facing side of the neighbouring cell.
func hasPossibleRoute(on board: Board, from start: Int, to target: Int) -> Bool {
    struct Node: Hashable {
        var cell: Cell
        var side: Direction
    }
    var seen = Set<Node>()
    var stack = Topology.ports.filter { $0.side == start }.map { Node(cell: $0.cell, side: $0.direction) }
    while let node = stack.popLast() {
        guard seen.insert(node).inserted else { continue }
        let across = node.cell.neighbour(node.side)
        if across.isOnBoard {
            stack.append(Node(cell: across, side: node.side.opposite))
        } else if Topology.ports.contains(where: { $0.cell == node.cell && $0.direction == node.side && $0.side == target }) {
            return true
        }
        if let tile = board[node.cell] {
            stack.append(Node(cell: node.cell, side: tile.exit(from: node.side)))
        } else {
            stack.append(contentsOf: Direction.allCases.map { Node(cell: node.cell, side: $0) })
        }
    }
    return false
}
