/// A cell of the board in axial coordinates. The board is the hexagon of radius 3 around (0, 0).
public struct Cell: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public static let radius = 3

    public var row: Int
    public var col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    public var isOnBoard: Bool {
        abs(row) <= Self.radius && abs(col) <= Self.radius && abs(row + col) <= Self.radius
    }

    public func neighbour(_ direction: Direction) -> Cell {
        let step = direction.offset
        return Cell(row: row + step.row, col: col + step.col)
    }

    /// Position in `Topology.cells` (row-major), or nil off the board.
    public var index: Int? {
        guard isOnBoard else { return nil }
        return Topology.indexByCoordinates[(row + Self.radius) * 7 + col + Self.radius]
    }

    public static func < (lhs: Cell, rhs: Cell) -> Bool {
        (lhs.row, lhs.col) < (rhs.row, rhs.col)
    }

    /// The notation name: a row letter `a`…`g` (rows −3…3) and a column digit `1`…`7` (cols −3…3);
    /// `d4` is the centre.
    public var name: String {
        let letters = Array("abcdefg")
        guard (-3...3).contains(row), (-3...3).contains(col) else { return "(\(row),\(col))" }
        return "\(letters[row + 3])\(col + 4)"
    }

    /// Parses a notation name; nil unless it names a cell on the board.
    public init?(name: Substring) {
        guard name.count == 2, let letter = name.first?.lowercased().first, let digit = name.last,
            let rowOffset = Array("abcdefg").firstIndex(of: letter), let colNumber = digit.wholeNumberValue,
            (1...7).contains(colNumber)
        else { return nil }
        self.init(row: rowOffset - 3, col: colNumber - 4)
        guard isOnBoard else { return nil }
    }

    public var description: String { name }
}
