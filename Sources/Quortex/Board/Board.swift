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
    /// The occupied cells as a list of placements in move notation followed by the tile:
    /// `["d4r5 twoSharps", "e2r0 noSharps"]`. A board is in every view, so it is kept compact;
    /// the older `{"cell": "d4", "tile": "twoSharps", "rotation": 5}` entries are still read.
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
            try container.encode("\(cell.name)r\(tile.rotation) \(tile.type.name)")
        }
    }

    private struct Entry: Decodable {
        var cell: String
        var tile: TileType
        var rotation: Int

        private enum CodingKeys: String, CodingKey { case cell, tile, rotation }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                // "d4r5 twoSharps"
                let parts = text.split(separator: " ")
                let placement = parts.first.map(Array.init) ?? []
                guard parts.count == 2, placement.count == 4, placement[2] == "r", let rotation = placement[3].wholeNumberValue,
                    let tile = TileType(name: parts[1])
                else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad board entry \"\(text)\""))
                }
                self.cell = String(placement[0...1])
                self.tile = tile
                self.rotation = rotation
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cell = try container.decode(String.self, forKey: .cell)
            tile = try container.decode(TileType.self, forKey: .tile)
            rotation = try container.decode(Int.self, forKey: .rotation)
        }
    }
}
