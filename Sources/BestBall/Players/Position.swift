/// A player's position. Best ball rosters hold only these four; FLEX is a lineup slot, not a position.
public enum Position: String, Codable, Sendable, CaseIterable, Comparable {
    case qb = "QB"
    case rb = "RB"
    case wr = "WR"
    case te = "TE"

    /// Roster display order: QB, RB, WR, TE.
    public static func < (lhs: Position, rhs: Position) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .qb: 0
        case .rb: 1
        case .wr: 2
        case .te: 3
        }
    }
}

/// A count per position, for caps, roster counts and the position tracker.
public struct PositionCounts: Codable, Sendable, Hashable {
    public var qb: Int
    public var rb: Int
    public var wr: Int
    public var te: Int

    public init(qb: Int = 0, rb: Int = 0, wr: Int = 0, te: Int = 0) {
        self.qb = qb
        self.rb = rb
        self.wr = wr
        self.te = te
    }

    public subscript(position: Position) -> Int {
        get {
            switch position {
            case .qb: qb
            case .rb: rb
            case .wr: wr
            case .te: te
            }
        }
        set {
            switch position {
            case .qb: qb = newValue
            case .rb: rb = newValue
            case .wr: wr = newValue
            case .te: te = newValue
            }
        }
    }

    public var total: Int { qb + rb + wr + te }

    /// The default caps of a best ball roster: QB 4, RB 9, WR 10, TE 5.
    public static let defaultCaps = PositionCounts(qb: 4, rb: 9, wr: 10, te: 5)
    /// What the weekly lineup needs at least (QB, 2 RB, 3 WR, TE; FLEX is any of RB, WR, TE).
    public static let lineupMinimum = PositionCounts(qb: 1, rb: 2, wr: 3, te: 1)
}
