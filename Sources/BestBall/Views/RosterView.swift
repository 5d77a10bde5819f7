/// One team's roster by position, with its counts and the position tracker's segments.
public struct RosterView: Codable, Sendable, Hashable {
    public struct Group: Codable, Sendable, Hashable {
        public var position: Position
        public var players: [DraftPlayer]
    }

    public var team: Int
    /// QB, RB, WR, TE, each in the order drafted; a position with no player has an empty group.
    public var groups: [Group]
    public var counts: PositionCounts
    /// The share of the roster at each position, for the tracker bar (zero everywhere when empty).
    public var tracker: PositionShares

    public init(team: Int, state: DraftState, pool: PlayerPool) {
        self.team = team
        let players = state.picks(of: team).compactMap { pool[$0.playerID] }
        groups = Position.allCases.map { position in Group(position: position, players: players.filter { $0.position == position }) }
        counts = state.counts(of: team)
        tracker = PositionShares(counts)
    }

    /// Every team's roster.
    public static func all(_ state: DraftState, pool: PlayerPool) -> [RosterView] {
        (0..<state.settings.teams).map { RosterView(team: $0, state: state, pool: pool) }
    }
}

/// Each position's share of a roster, from 0 to 1; all zero for an empty roster.
public struct PositionShares: Codable, Sendable, Hashable {
    public var qb: Double
    public var rb: Double
    public var wr: Double
    public var te: Double

    public init(_ counts: PositionCounts) {
        let total = Double(max(counts.total, 1))
        qb = Double(counts.qb) / total
        rb = Double(counts.rb) / total
        wr = Double(counts.wr) / total
        te = Double(counts.te) / total
    }
}
