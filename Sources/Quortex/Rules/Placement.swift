/// Putting the drawn tile on a cell, turned `rotation` sixths clockwise.
public struct Placement: Hashable, Sendable, Comparable {
    public var cell: Cell
    public var rotation: Int

    public init(cell: Cell, rotation: Int) {
        self.cell = cell
        self.rotation = rotation
    }

    public static func < (lhs: Placement, rhs: Placement) -> Bool {
        (lhs.cell, lhs.rotation) < (rhs.cell, rhs.rotation)
    }

    /// Move notation: the cell name and `r` with the rotation, `d4r2`. From a table, since every
    /// view lists the mover's legal placements and every tile on the board in it.
    public var notation: String {
        guard (0..<6).contains(rotation), (-3...3).contains(cell.row), (-3...3).contains(cell.col) else {
            return "\(cell.name)r\(rotation)"
        }
        return Self.notations[((cell.row + 3) * 7 + cell.col + 3) * 6 + rotation]
    }

    /// `notations[((row + 3) * 7 + col + 3) * 6 + rotation]` over the 7×7 square around the board.
    private static let notations: [String] = (-3...3).flatMap { row in
        (-3...3).flatMap { col in (0..<6).map { "\(Cell(row: row, col: col).name)r\($0)" } }
    }

    /// Parses move notation such as `d4r2`, in either case; nil unless it places on the board.
    public init?(notation text: String) {
        guard text.utf8.count == 4 else { return nil }
        var bytes = text.utf8.makeIterator()
        guard let letter = bytes.next(), let digit = bytes.next(), let r = bytes.next(), let turn = bytes.next(),
            r | 0x20 == UInt8(ascii: "r"), (UInt8(ascii: "0")...UInt8(ascii: "5")).contains(turn),
            let cell = Cell(letter: letter, digit: digit)
        else { return nil }
        self.init(cell: cell, rotation: Int(turn - UInt8(ascii: "0")))
    }
}

/// A placement travels in move notation, `"d4r2"`, as the action placing it does. The older
/// object, `{"row": 0, "col": -1, "rotation": 4}`, is still read.
extension Placement: Codable {
    private enum CodingKeys: String, CodingKey { case row, col, rotation }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let placement = Placement(notation: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a placement; write a cell and rotation like d4r2"))
            }
            self = placement
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cell = Cell(row: try container.decode(Int.self, forKey: .row), col: try container.decode(Int.self, forKey: .col))
        rotation = try container.decode(Int.self, forKey: .rotation)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(notation)
    }
}
