import GameCore

/// The strongest built-in bot: looks one turn ahead. For its most promising placements it
/// considers every tile the next player might draw (weighted by how many of each are left, which
/// is public), assumes that player answers as `HeuristicBot` would, and picks the placement with
/// the best expected result. It also sees the constraint rule coming: leaving the next player a
/// tile that fits nowhere hands them the game.
public struct LookaheadBot: QuortexBot {
    /// How many of its own placements, best by the heuristic first, it looks beyond.
    public var breadth: Int
    public let name = "lookahead"

    public init(breadth: Int = 6) {
        self.breadth = max(breadth, 1)
    }

    public func choosePlacement(in position: QuortexPosition, random: inout GameRandom) -> Placement? {
        guard let tile = position.drawn else { return nil }
        let mine = position.seating.campOfSeat[position.currentSeat]
        let ranked = HeuristicBot.ranked(position.legalPlacements, of: tile, in: position, for: mine)
        guard let top = ranked.first else { return nil }
        if top.score == HeuristicBot.winning { return random.element(of: ranked.prefix { $0.score == top.score }.map(\.placement)) }

        var best: [Placement] = []
        var bestValue = -Double.infinity
        for candidate in ranked.prefix(breadth) {
            var next = position
            next.board[candidate.placement.cell] = PlacedTile(tile, rotation: candidate.placement.rotation)
            next.turn = position.nextTurn(after: position.turn)
            let value = expectedValue(after: next, for: mine)
            if value > bestValue + 1e-9 {
                bestValue = value
                best = [candidate.placement]
            } else if abs(value - bestValue) <= 1e-9 {
                best.append(candidate.placement)
            }
        }
        return random.element(of: best)
    }

    /// The average, over the tiles the next player may draw, of the position after their reply.
    private func expectedValue(after position: QuortexPosition, for mine: Int) -> Double {
        let remaining = TileType.allCases.map { type in
            TileType.copiesInBag - position.board.tiles.count(where: { $0.tile.type == type })
        }
        let total = remaining.reduce(0, +)
        guard total > 0 else { return 0 }
        let theirs = position.seating.campOfSeat[position.currentSeat]
        var sum = 0.0
        for type in TileType.allCases where remaining[type.rawValue] > 0 {
            var drawn = position
            drawn.drawn = type
            let replies = HeuristicBot.ranked(drawn.legalPlacements, of: type, in: drawn, for: theirs)
            let value: Int
            if let reply = replies.first {
                var board = drawn.board
                board[reply.placement.cell] = PlacedTile(type, rotation: reply.placement.rotation)
                value = HeuristicBot.score(board: board, position: drawn, mine: mine)
            } else {
                // The constraint rule: whoever draws a tile that fits nowhere wins.
                value = theirs == mine ? HeuristicBot.winning : -HeuristicBot.winning
            }
            sum += Double(remaining[type.rawValue]) * Double(value)
        }
        return sum / Double(total)
    }
}
