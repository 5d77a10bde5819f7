/// Precomputed facts about the fixed board: cells, neighbours, board sides and ports. Indices are
/// `cell * 6 + direction` ("slots"), so the hot paths work on flat arrays.
public enum Topology {
    public static let cellCount = 37
    public static let sideCount = 6
    public static let portCount = 42

    /// Every cell, row by row.
    public static let cells: [Cell] = (-3...3).flatMap { row in
        (-3...3).map { Cell(row: row, col: $0) }.filter(\.isOnBoard)
    }

    /// `(row + 3) * 7 + col + 3` → index in `cells`, for the 7×7 square around the board.
    static let indexByCoordinates: [Int?] = {
        var table = [Int?](repeating: nil, count: 49)
        for (index, cell) in cells.enumerated() {
            table[(cell.row + 3) * 7 + cell.col + 3] = index
        }
        return table
    }()

    /// `neighbour[cell * 6 + d]`: index of the neighbouring cell, or −1 where `d` leaves the board.
    static let neighbour: [Int] = cells.flatMap { cell in
        Direction.allCases.map { cell.neighbour($0).index ?? -1 }
    }

    /// Whether the cell lies on board side `side`: both `side` and `side + 1` point off the board.
    public static func cell(_ cell: Cell, liesOn side: Int) -> Bool {
        guard let first = Direction(rawValue: side) else { return false }
        return !cell.neighbour(first).isOnBoard && !cell.neighbour(first.rotated(by: 1)).isOnBoard
    }

    /// A (cell, direction) pointing off the board, and the board side it belongs to.
    public struct Port: Hashable, Sendable {
        public var cell: Cell
        public var direction: Direction
        public var side: Int
        var cellIndex: Int
        var slot: Int { cellIndex * 6 + direction.rawValue }
    }

    /// The 42 ports, 7 per side.
    public static let ports: [Port] = cells.enumerated().flatMap { index, cell in
        Direction.allCases.compactMap { direction -> Port? in
            guard !cell.neighbour(direction).isOnBoard else { return nil }
            let d = direction.rawValue
            let side = Topology.cell(cell, liesOn: d) ? d : (d + 5) % 6
            return Port(cell: cell, direction: direction, side: side, cellIndex: index)
        }
    }

    /// `portSide[slot]`: the side a port belongs to, or −1 for a slot facing another cell.
    static let portSide: [Int] = {
        var table = [Int](repeating: -1, count: cellCount * 6)
        for port in ports { table[port.slot] = port.side }
        return table
    }()

    /// Each pair of facing slots once: `(a, b)` with `a < b`.
    static let adjacencies: [(Int, Int)] = (0..<cellCount).flatMap { cell in
        (0..<6).compactMap { d -> (Int, Int)? in
            let other = neighbour[cell * 6 + d]
            guard other > cell else { return nil }
            return (cell * 6 + d, other * 6 + (d + 3) % 6)
        }
    }

    /// The seven ports of one side.
    public static func ports(ofSide side: Int) -> [Port] {
        ports.filter { $0.side == side }
    }
}
