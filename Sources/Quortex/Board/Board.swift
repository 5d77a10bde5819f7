import GameCore

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
            guard board.isEmpty(entry.placement.cell) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "repeated board entry \(entry.placement.cell.name)")
            }
            board[entry.placement.cell] = PlacedTile(entry.tile, rotation: entry.placement.rotation)
        }
        self = board
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (index, code) in codes.enumerated() where code != 0 {
            try container.encode(Self.entries[index * 25 + Int(code)])
        }
    }

    /// The same JSON as ``encode(to:)``, by hand (see ``JSONWriter``).
    package func writeJSON(to json: inout JSONWriter) {
        json.strings(count: codes.count) { index in
            let code = codes[index]
            return code == 0 ? nil : Self.entries[index * 25 + Int(code)]
        }
    }

    /// `entries[cellIndex * 25 + code]`: a cell's entry for each `PlacedTile.code`, made once,
    /// since every view carries the whole board.
    private static let entries: [String] = Topology.cells.flatMap { cell in
        (0...24).map { code in
            PlacedTile(code: UInt8(code)).map { "\(Placement(cell: cell, rotation: $0.rotation).notation) \($0.type.name)" } ?? ""
        }
    }

    /// One occupied cell: the placement in move notation and the tile, or the older object.
    private struct Entry: Decodable {
        var placement: Placement
        var tile: TileType

        private enum CodingKeys: String, CodingKey { case cell, tile, rotation }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                let parts = text.split(separator: " ")
                guard parts.count == 2, case .place(let placement)? = try? QuortexAction(notation: String(parts[0])),
                    let tile = TileType(name: parts[1])
                else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad board entry \"\(text)\""))
                }
                self.placement = placement
                self.tile = tile
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let name = try container.decode(String.self, forKey: .cell)
            let rotation = try container.decode(Int.self, forKey: .rotation)
            guard let cell = Cell(name: Substring(name)), (0..<6).contains(rotation) else {
                throw DecodingError.dataCorruptedError(forKey: .cell, in: container, debugDescription: "bad board entry \(name)")
            }
            placement = Placement(cell: cell, rotation: rotation)
            tile = try container.decode(TileType.self, forKey: .tile)
        }
    }
}
