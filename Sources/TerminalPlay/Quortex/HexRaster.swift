import Quortex

/// The board's hexes on a character grid: a cell's centre is 8 columns from its east and west
/// neighbours and 4 lines from the rows above and below (characters are about twice as tall as
/// wide, so the hexes keep their shape). Each edge's midpoint falls on a whole character shared
/// with the neighbour, and every path through it uses the same character there (`─` for west
/// and east, `╲` for north-west and south-east, `╱` for north-east and south-west), so a flow
/// runs on unbroken from cell to cell. Each of the fifteen ways a tile can join two edges is
/// drawn from a fixed pattern of line characters, the shape the SVG's curve has.
enum HexRaster {
    static let columnsPerCell = 8
    static let linesPerRow = 4

    /// A character position.
    struct Spot: Hashable {
        var line: Int
        var column: Int
    }

    /// Where `cell`'s centre falls, relative to the centre cell's.
    static func centre(of cell: Cell) -> Spot {
        Spot(line: linesPerRow * cell.row, column: columnsPerCell * cell.col + columnsPerCell / 2 * cell.row)
    }

    /// The characters of the path joining `from` and `to` in the hex around `centre`.
    static func path(_ from: Direction, _ to: Direction, around centre: Spot) -> [(Spot, Character)] {
        let low = min(from.rawValue, to.rawValue)
        let high = max(from.rawValue, to.rawValue)
        return (patterns[low * 6 + high] ?? []).map { line, column, glyph in
            (Spot(line: centre.line + line, column: centre.column + column), glyph)
        }
    }

    /// The character where two paths meet: a crossing where they cross, else the newer one.
    static func merge(_ old: Character?, _ new: Character) -> Character {
        switch (old, new) {
        case ("─", "│"), ("│", "─"): "┼"
        case ("╱", "╲"), ("╲", "╱"): "╳"
        default: new
        }
    }

    /// A rounded frame around a hex, for the drawn tile shown on its own.
    static func frame(around centre: Spot) -> [(Spot, Character)] {
        var spots: [(Spot, Character)] = []
        for column in -4...4 {
            spots.append((Spot(line: centre.line - 3, column: centre.column + column), "─"))
            spots.append((Spot(line: centre.line + 3, column: centre.column + column), "─"))
        }
        for line in -2...2 {
            spots.append((Spot(line: centre.line + line, column: centre.column - 5), "│"))
            spots.append((Spot(line: centre.line + line, column: centre.column + 5), "│"))
        }
        spots.append((Spot(line: centre.line - 3, column: centre.column - 5), "╭"))
        spots.append((Spot(line: centre.line - 3, column: centre.column + 5), "╮"))
        spots.append((Spot(line: centre.line + 3, column: centre.column - 5), "╰"))
        spots.append((Spot(line: centre.line + 3, column: centre.column + 5), "╯"))
        return spots
    }

    private static func horizontal(_ columns: ClosedRange<Int>) -> [(Int, Int, Character)] { columns.map { (0, $0, "─") } }

    /// `patterns[low * 6 + high]`: (line, column, character) from the centre for the path
    /// joining directions `low` < `high` (0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE).
    private static let patterns: [Int: [(Int, Int, Character)]] = [
        // Straight across.
        1 * 6 + 4: horizontal(-4...4),
        2 * 6 + 5: [(-2, -2, "╲"), (-1, -1, "╲"), (0, 0, "╲"), (1, 1, "╲"), (2, 2, "╲")],
        0 * 6 + 3: [(-2, 2, "╱"), (-1, 1, "╱"), (0, 0, "╱"), (1, -1, "╱"), (2, -2, "╱")],
        // Sharps: around the corner between two neighbouring edges.
        2 * 6 + 3: [(-2, -2, "╲"), (-1, -1, "╰"), (-1, 0, "─"), (-1, 1, "╯"), (-2, 2, "╱")],
        0 * 6 + 5: [(2, -2, "╱"), (1, -1, "╭"), (1, 0, "─"), (1, 1, "╮"), (2, 2, "╲")],
        1 * 6 + 2: horizontal(-4...(-3)) + [(0, -2, "╯"), (-1, -2, "│"), (-2, -2, "╲")],
        0 * 6 + 1: horizontal(-4...(-3)) + [(0, -2, "╮"), (1, -2, "│"), (2, -2, "╱")],
        3 * 6 + 4: horizontal(3...4) + [(0, 2, "╰"), (-1, 2, "│"), (-2, 2, "╱")],
        4 * 6 + 5: horizontal(3...4) + [(0, 2, "╭"), (1, 2, "│"), (2, 2, "╲")],
        // Wides: two edges apart, bending past the centre.
        1 * 6 + 3: horizontal(-4...(-1)) + [(0, 0, "╱"), (-1, 1, "╱"), (-2, 2, "╱")],
        1 * 6 + 5: horizontal(-4...(-1)) + [(0, 0, "╲"), (1, 1, "╲"), (2, 2, "╲")],
        2 * 6 + 4: horizontal(1...4) + [(0, 0, "╲"), (-1, -1, "╲"), (-2, -2, "╲")],
        0 * 6 + 4: horizontal(1...4) + [(0, 0, "╱"), (1, -1, "╱"), (2, -2, "╱")],
        0 * 6 + 2: [(-2, -2, "╲"), (-1, -1, "╲"), (0, -1, "│"), (1, -1, "╱"), (2, -2, "╱")],
        3 * 6 + 5: [(-2, 2, "╱"), (-1, 1, "╱"), (0, 1, "│"), (1, 1, "╲"), (2, 2, "╲")],
    ]
}
