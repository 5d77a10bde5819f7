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
    /// `d4` is the centre. From a table: every view names every tile's cell, so this is hot.
    public var name: String {
        guard (-3...3).contains(row), (-3...3).contains(col) else { return "(\(row),\(col))" }
        return Self.names[(row + 3) * 7 + col + 3]
    }

    /// `names[(row + 3) * 7 + col + 3]`: the 7×7 square around the board, so off-board cells
    /// inside it keep a name for messages.
    private static let names: [String] = (0..<7).flatMap { row in
        (0..<7).map { col in String(decoding: [UInt8(ascii: "a") + UInt8(row), UInt8(ascii: "1") + UInt8(col)], as: UTF8.self) }
    }

    /// Parses a notation name, letter in either case; nil unless it names a cell on the board.
    public init?(name: Substring) {
        let bytes = name.utf8
        guard bytes.count == 2, let letter = bytes.first, let digit = bytes.last else { return nil }
        self.init(letter: letter, digit: digit)
    }

    /// The cell named by a row letter and a column digit (ASCII bytes); nil off the board.
    init?(letter: UInt8, digit: UInt8) {
        // `| 0x20` lowercases exactly the ASCII letters A–G and leaves every other byte outside a–g.
        let lowered = letter | 0x20
        guard (UInt8(ascii: "a")...UInt8(ascii: "g")).contains(lowered), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(digit)
        else { return nil }
        self.init(row: Int(lowered - UInt8(ascii: "a")) - 3, col: Int(digit - UInt8(ascii: "1")) - 3)
        guard isOnBoard else { return nil }
    }

    public var description: String { name }
}
