/// A team's best ball lineup for one week: the best score its roster could have set, chosen
/// after the games (QB, RB, RB, WR, WR, WR, TE, FLEX of RB/WR/TE).
public struct BestBallLineup: Codable, Sendable, Hashable {
    public enum Slot: String, Codable, Sendable, CaseIterable {
        case qb = "QB", rb = "RB", wr = "WR", te = "TE", flex = "FLEX"
    }

    public struct Starter: Codable, Sendable, Hashable {
        public var slot: Slot
        public var playerID: String
        public var points: Points

        enum CodingKeys: String, CodingKey {
            case slot, points
            case playerID = "player_id"
        }
    }

    public var starters: [Starter]
    public var total: Points

    /// The optimal lineup from `roster` given each player's points that week (a player with no
    /// entry scored 0, as on a bye). Taking each position's best for its own slots and then the
    /// best one left for FLEX is optimal: FLEX accepts every position competing for it.
    public init(roster: [(id: String, position: Position)], points: [String: Points]) {
        func ranked(_ position: Position) -> [(id: String, points: Points)] {
            roster.filter { $0.position == position }.map { ($0.id, points[$0.id] ?? .zero) }
                .sorted { ($0.points, $1.id) > ($1.points, $0.id) }
        }
        var starters: [Starter] = []
        var flexCandidates: [(id: String, points: Points)] = []
        for (position, slot, count) in [(Position.qb, Slot.qb, 1), (.rb, .rb, 2), (.wr, .wr, 3), (.te, .te, 1)] {
            let players = ranked(position)
            starters += players.prefix(count).map { Starter(slot: slot, playerID: $0.id, points: $0.points) }
            if position != .qb { flexCandidates += players.dropFirst(count) }
        }
        if let flex = flexCandidates.sorted(by: { ($0.points, $1.id) > ($1.points, $0.id) }).first {
            starters.append(Starter(slot: .flex, playerID: flex.id, points: flex.points))
        }
        self.starters = starters
        total = starters.reduce(.zero) { $0 + $1.points }
    }
}
