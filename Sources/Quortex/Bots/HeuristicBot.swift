import GameCore

/// Plays greedily on route distance: wins at once when it can, never hands an opponent a win it
/// can avoid, and otherwise picks the placement that best shortens its own camp's route while
/// lengthening the closest opponent's. Ties are broken at random.
public struct HeuristicBot: QuortexBot {
    /// The score of a placement that wins for the camp; its negation, one that wins for another.
    static let winning = 1_000_000

    public let name = "heuristic"

    public init() {}

    public func choosePlacement(in position: QuortexPosition, random: inout GameRandom) -> Placement? {
        guard let tile = position.drawn else { return nil }
        let mine = position.seating.campOfSeat[position.currentSeat]
        let ranked = Self.ranked(position.legalPlacements, of: tile, in: position, for: mine)
        guard let best = ranked.first?.score else { return nil }
        return random.element(of: ranked.prefix { $0.score == best }.map(\.placement))
    }

    /// Distinct placements (one rotation of each symmetric equivalent), best first for `camp`;
    /// equal scores keep board order.
    static func ranked(_ placements: [Placement], of tile: TileType, in position: QuortexPosition, for camp: Int)
        -> [(placement: Placement, score: Int)]
    {
        let scored = placements.enumerated().compactMap { index, placement -> (Int, Placement, Int)? in
            guard PlacedTile.canonicalRotation[tile.rawValue * 6 + placement.rotation] == placement.rotation else {
                return nil
            }
            var board = position.board
            board[placement.cell] = PlacedTile(tile, rotation: placement.rotation)
            return (index, placement, score(board: board, position: position, mine: camp))
        }
        return scored.sorted { ($0.2, -$0.0) > ($1.2, -$1.0) }.map { ($0.1, $0.2) }
    }

    /// How good `board` is for camp `mine`: decisive if a flow is complete, otherwise the closest
    /// opponent's route distance against its own, weighted towards its own progress.
    static func score(board: Board, position: QuortexPosition, mine: Int) -> Int {
        let completed = Flow.completedCamps(on: board, position: position)
        if completed.contains(mine) { return winning }
        if !completed.isEmpty { return -winning }
        func distance(_ camp: Int) -> Int {
            let camp = position.seating.camps[camp]
            return RouteDistance.between(camp.from, camp.to, on: board.codes)
        }
        let opponents = position.campsInPlay.filter { $0 != mine }
        let closestOpponent = opponents.map(distance).min() ?? RouteDistance.unreachable
        return 2 * closestOpponent - 3 * distance(mine)
    }
}
