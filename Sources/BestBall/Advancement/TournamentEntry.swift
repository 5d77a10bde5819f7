/// A drafted team in a tournament: who owns it, where it was drafted, its roster.
public struct TournamentEntry: Codable, Sendable, Hashable {
    public var id: String
    public var user: String
    public var room: String
    /// When it entered, as an order: the last tiebreaker (earlier wins).
    public var order: Int
    public var roster: [RosterSpot]

    public struct RosterSpot: Codable, Sendable, Hashable {
        public var playerID: String
        public var position: Position

        enum CodingKeys: String, CodingKey {
            case position
            case playerID = "player_id"
        }

        public init(playerID: String, position: Position) {
            self.playerID = playerID
            self.position = position
        }
    }

    public init(id: String, user: String, room: String, order: Int, roster: [RosterSpot]) {
        self.id = id
        self.user = user
        self.room = room
        self.order = order
        self.roster = roster
    }

    /// The best ball lineup for a week of points (player id → points).
    public func lineup(points: [String: Points]) -> BestBallLineup {
        BestBallLineup(roster: roster.map { ($0.playerID, $0.position) }, points: points)
    }
}

/// Points per week, then per player.
public typealias WeeklyPoints = [Int: [String: Points]]

/// An entry's result over a span of weeks: the sum of its weekly lineups, and the most any one
/// of its players scored (the first tiebreaker).
public struct EntryScore: Codable, Sendable, Hashable {
    public var entry: String
    public var points: Points
    public var topPlayer: Points
    public var order: Int

    enum CodingKeys: String, CodingKey {
        case entry, points, order
        case topPlayer = "top_player"
    }

    public init(_ entry: TournamentEntry, weeks: ClosedRange<Int>, points weekly: WeeklyPoints) {
        self.entry = entry.id
        order = entry.order
        var total = Points.zero
        var byPlayer: [String: Points] = [:]
        for week in weeks {
            let points = weekly[week] ?? [:]
            total = total + entry.lineup(points: points).total
            for spot in entry.roster { byPlayer[spot.playerID, default: .zero] = byPlayer[spot.playerID, default: .zero] + (points[spot.playerID] ?? .zero) }
        }
        points = total
        topPlayer = byPlayer.values.max() ?? .zero
    }

    /// Ranking order: more points, then the higher-scoring top player, then the earlier entry.
    public static func ranksAbove(_ a: EntryScore, _ b: EntryScore) -> Bool {
        if a.points != b.points { return a.points > b.points }
        if a.topPlayer != b.topPlayer { return a.topPlayer > b.topPlayer }
        return (a.order, a.entry) < (b.order, b.entry)
    }
}
