/// The four tiles. Each joins the six sides of its cell in three pairs; a "sharp" is a pair of
/// adjacent sides.
public enum TileType: Int, CaseIterable, Hashable, Sendable {
    case noSharps = 0, oneSharp, twoSharps, threeSharps

    public static let copiesInBag = 10

    /// The three pairs at rotation 0, as direction numbers.
    public var pairs: [(Int, Int)] {
        switch self {
        case .noSharps: [(0, 2), (3, 5), (1, 4)]  // SW–NW, NE–SE, W–E
        case .oneSharp: [(0, 5), (2, 4), (1, 3)]  // SW–SE, NW–E, W–NE
        case .twoSharps: [(0, 5), (2, 3), (1, 4)]  // SW–SE, NW–NE, W–E
        case .threeSharps: [(0, 5), (3, 4), (1, 2)]  // SW–SE, NE–E, W–NW
        }
    }

    /// The side paired with `side` when the tile is turned `rotation` sixths clockwise.
    public func exit(from side: Direction, rotation: Int) -> Direction {
        let code = PlacedTile(self, rotation: rotation).code
        return Direction(rawValue: Int(PlacedTile.exitTable[Int(code) * 6 + side.rawValue])) ?? side
    }

    /// Rotations giving different tiles: turning a symmetric tile can reproduce the same pairs.
    public var distinctRotations: [Int] {
        (0..<6).filter { PlacedTile.canonicalRotation[rawValue * 6 + $0] == $0 }
    }

    /// One letter for notation and compact output: N, O, T, H (no, one, two, three sharps).
    public var letter: Character {
        switch self {
        case .noSharps: "N"
        case .oneSharp: "O"
        case .twoSharps: "T"
        case .threeSharps: "H"
        }
    }

    public var displayName: String {
        switch self {
        case .noSharps: "No Sharps"
        case .oneSharp: "One Sharp"
        case .twoSharps: "Two Sharps"
        case .threeSharps: "Three Sharps"
        }
    }
}

extension TileType: Codable {
    /// In JSON a tile type is its name: `noSharps`, `oneSharp`, `twoSharps`, `threeSharps`.
    public var name: String {
        switch self {
        case .noSharps: "noSharps"
        case .oneSharp: "oneSharp"
        case .twoSharps: "twoSharps"
        case .threeSharps: "threeSharps"
        }
    }

    init?(name: some StringProtocol) {
        guard let type = TileType.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let type = TileType(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown tile type \"\(name)\"")
        }
        self = type
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// A tile as it lies on the board.
public struct PlacedTile: Hashable, Codable, Sendable {
    public var type: TileType
    /// Sixths of a turn clockwise, 0…5.
    public var rotation: Int

    public init(_ type: TileType, rotation: Int) {
        self.type = type
        self.rotation = ((rotation % 6) + 6) % 6
    }

    /// 1…24; 0 means an empty cell in `Board`.
    var code: UInt8 { UInt8(type.rawValue * 6 + rotation + 1) }

    init?(code: UInt8) {
        guard (1...24).contains(code), let type = TileType(rawValue: Int(code - 1) / 6) else { return nil }
        self.init(type, rotation: Int(code - 1) % 6)
    }

    /// The side paired with `side`.
    public func exit(from side: Direction) -> Direction {
        type.exit(from: side, rotation: rotation)
    }

    /// The three pairs of this tile as placed, each with the smaller direction first.
    public var pairs: [(Direction, Direction)] {
        type.pairs.compactMap { a, b in
            let x = (a + rotation) % 6, y = (b + rotation) % 6
            guard let first = Direction(rawValue: min(x, y)), let second = Direction(rawValue: max(x, y)) else {
                return nil
            }
            return (first, second)
        }
    }

    /// `exitTable[code * 6 + d]`: the side paired with `d`; row 0 (empty) is unused.
    static let exitTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 25 * 6)
        for type in TileType.allCases {
            for rotation in 0..<6 {
                let code = type.rawValue * 6 + rotation + 1
                for (a, b) in type.pairs {
                    let x = (a + rotation) % 6, y = (b + rotation) % 6
                    table[code * 6 + x] = UInt8(y)
                    table[code * 6 + y] = UInt8(x)
                }
            }
        }
        return table
    }()

    /// `canonicalRotation[type * 6 + r]`: the smallest rotation with the same pairs as `r`.
    static let canonicalRotation: [Int] = {
        func connections(_ type: TileType, _ rotation: Int) -> ArraySlice<UInt8> {
            let start = (type.rawValue * 6 + rotation + 1) * 6
            return exitTable[start..<(start + 6)]
        }
        var table: [Int] = []
        for type in TileType.allCases {
            for rotation in 0..<6 {
                let same = (0...rotation).first { connections(type, $0) == connections(type, rotation) }
                table.append(same ?? rotation)
            }
        }
        return table
    }()
}
