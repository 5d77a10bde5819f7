import GameCore

/// Plays greedily on route distance: wins at once when it can, never hands an opponent a win it
/// can avoid, and otherwise picks the placement that best shortens its own camp's route while
/// lengthening the closest opponent's. Ties are broken at random.
public struct HeuristicBot: QuortexBot {
    public init() {}

    public func choosePlacement(in position: QuortexPosition, random: inout GameRandom) -> Placement? {
        guard let tile = position.drawn else { return nil }
        let seating = position.seating
        let mine = seating.campOfSeat[position.currentSeat]
        let opponents = position.campsInPlay.filter { $0 != mine }
        var best: [Placement] = []
        var bestScore = Int.min
        for placement in position.legalPlacements
        where PlacedTile.canonicalRotation[tile.rawValue * 6 + placement.rotation] == placement.rotation {
            var board = position.board
            board[placement.cell] = PlacedTile(tile, rotation: placement.rotation)
            let score = Self.score(board: board, position: position, mine: mine, opponents: opponents)
            if score > bestScore {
                bestScore = score
                best = [placement]
            } else if score == bestScore {
                best.append(placement)
            }
        }
        return random.element(of: best)
    }

    static func score(board: Board, position: QuortexPosition, mine: Int, opponents: [Int]) -> Int {
        let completed = Flow.completedCamps(on: board, position: position)
        if completed.contains(mine) { return 1_000_000 }
        if !completed.isEmpty { return -1_000_000 }
        func distance(_ camp: Int) -> Int {
            let camp = position.seating.camps[camp]
            return RouteDistance.between(camp.from, camp.to, on: board.codes)
        }
        let closestOpponent = opponents.map(distance).min() ?? RouteDistance.unreachable
        return 2 * closestOpponent - 3 * distance(mine)
    }
}
