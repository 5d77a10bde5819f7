import GameCore

/// The authoritative state of a game, secrets included: the bag's order and the generator.
/// Players receive a `QuortexView` instead.
public struct QuortexState: Codable, Equatable, Sendable {
    public var players: [GamePlayer]
    public var position: QuortexPosition
    /// Tiles still in the bag; the next one drawn is the last. Secret.
    public var bag: [TileType]
    public var placements: Int
    public var outcome: GameOutcome?
    /// Secret, like the bag: its state would predict every later draw.
    public var random: GameRandom

    public var board: Board { position.board }
    public var currentSeat: Int { position.currentSeat }
    public var drawn: TileType? { position.drawn }
    public var isOver: Bool { outcome != nil }

    /// All flows on the board, for every seat.
    public var flows: [Flow] { Flow.all(on: position.board, seating: position.seating) }
}
