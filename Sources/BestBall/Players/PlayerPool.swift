/// The players a draft chooses from, in ADP order, with lookup by id.
public struct PlayerPool: Sendable, Equatable {
    /// Every player, best ADP first (ties by rank, then id, so the order is total).
    public let players: [DraftPlayer]
    private let index: [String: Int]

    public init(_ players: [DraftPlayer]) {
        let sorted = players.sorted { ($0.adp, $0.rank, $0.id) < ($1.adp, $1.rank, $1.id) }
        self.players = sorted
        var index: [String: Int] = [:]
        for (offset, player) in sorted.enumerated() where index[player.id] == nil { index[player.id] = offset }
        self.index = index
    }

    public subscript(id: String) -> DraftPlayer? { index[id].map { players[$0] } }

    public var count: Int { players.count }
}
