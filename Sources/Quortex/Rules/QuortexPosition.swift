import GameCore

/// The public part of a game: everything any player may know. Legality, flows and bots need
/// only this, so they work the same on the authoritative state and on a player's view.
public struct QuortexPosition: Hashable, Codable, Sendable {
    public var board: Board
    public var seating: Seating
    /// Camps (by index into `seating.camps`) that have resigned, ascending.
    public var resignedCamps: [Int]
    /// The tile the current player drew and must place; nil once the game is over.
    public var drawn: TileType?
    /// Index into `seating.turnSlots`.
    public var turn: Int

    private enum CodingKeys: String, CodingKey { case board, seating, resignedCamps = "resigned_camps", drawn, turn }

    /// The same JSON as the synthesized `encode(to:)`, by hand (see ``JSONWriter``).
    package func writeJSON(to json: inout JSONWriter) {
        json.raw(#"{"board":"#)
        board.writeJSON(to: &json)
        json.raw(#","seating":"#)
        json.integers(seating.sides)
        json.raw(#","resigned_camps":"#)
        json.integers(resignedCamps)
        if let drawn {
            json.raw(#","drawn":"#)
            json.string(drawn.name)
        }
        json.raw(#","turn":"#)
        json.integer(turn)
        json.raw("}")
    }

    public init(board: Board = .empty, seating: Seating, resignedCamps: [Int] = [], drawn: TileType?, turn: Int) {
        self.board = board
        self.seating = seating
        self.resignedCamps = resignedCamps
        self.drawn = drawn
        self.turn = turn
    }

    public var currentSlot: Seating.TurnSlot { seating.turnSlots[turn] }
    public var currentSeat: Int { currentSlot.seat }

    public func isInPlay(camp: Int) -> Bool { !resignedCamps.contains(camp) }

    /// Camps still playing, ascending.
    public var campsInPlay: [Int] { seating.camps.indices.filter(isInPlay(camp:)) }

    /// The next turn slot after `turn` whose seat is still in play.
    func nextTurn(after turn: Int) -> Int {
        let slots = seating.turnSlots
        for step in 1...slots.count {
            let candidate = (turn + step) % slots.count
            if isInPlay(camp: seating.campOfSeat[slots[candidate].seat]) { return candidate }
        }
        return turn
    }

    /// Every legal placement of the drawn tile.
    public var legalPlacements: [Placement] {
        guard let drawn else { return [] }
        let analyzer = PlacementAnalyzer(position: self, tile: drawn)
        return analyzer.legalPlacements()
    }
}
