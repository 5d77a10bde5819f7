/// The 37 cells and the tiles on them.
public struct Board: Hashable, Sendable {
    /// Per cell index: 0 when empty, else `PlacedTile.code`.
    var codes: [UInt8]

    public static let empty = Board(codes: [UInt8](repeating: 0, count: Topology.cellCount))

    init(codes: [UInt8]) { self.codes = codes }

    public subscript(cell: Cell) -> PlacedTile? {
        get { cell.index.flatMap { PlacedTile(code: codes[$0]) } }
        set {
            guard let index = cell.index else { return }
            codes[index] = newValue?.code ?? 0
        }
    }

    public func isEmpty(_ cell: Cell) -> Bool { self[cell] == nil }

    public var emptyCells: [Cell] {
        Topology.cells.indices.filter { codes[$0] == 0 }.map { Topology.cells[$0] }
    }

    public var tileCount: Int { codes.count(where: { $0 != 0 }) }

    /// Placed tiles in board order.
    public var tiles: [(cell: Cell, tile: PlacedTile)] {
        Topology.cells.indices.compactMap { index in
            PlacedTile(code: codes[index]).map { (Topology.cells[index], $0) }
        }
    }
}

extension Board: Codable {
    private struct Entry: Codable {
        var cell: String
        var tile: TileType
        var rotation: Int
    }

    /// A list of `{"cell": "d4", "tile": 2, "rotation": 5}` for the occupied cells.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var board = Board.empty
        while !container.isAtEnd {
            let entry = try container.decode(Entry.self)
            guard let cell = Cell(name: Substring(entry.cell)), board.isEmpty(cell), (0..<6).contains(entry.rotation)
            else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "bad or repeated board entry \(entry.cell)")
            }
            board[cell] = PlacedTile(entry.tile, rotation: entry.rotation)
        }
        self = board
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (cell, tile) in tiles {
            try container.encode(Entry(cell: cell.name, tile: tile.type, rotation: tile.rotation))
        }
    }
}
