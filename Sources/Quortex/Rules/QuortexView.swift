import GameCore

/// What a player or spectator sees: the public position, flows and progress. Never the bag's
/// order or the generator.
public struct QuortexView: Codable, Equatable, Sendable {
    public var viewer: Viewer
    public var players: [GamePlayer]
    public var position: QuortexPosition
    public var flows: [Flow]
    /// How many tiles are left in the bag (not which).
    public var bagCount: Int
    public var placements: Int
    public var outcome: GameOutcome?

    public init(state: QuortexState, viewer: Viewer) {
        self.viewer = viewer
        players = state.players
        position = state.position
        flows = state.flows
        bagCount = state.bag.count
        placements = state.placements
        outcome = state.outcome
    }

    public var currentSeat: Int? { outcome == nil ? position.currentSeat : nil }

    /// Solo players and teams; derived from the seating's sides, which is all the view carries.
    public var camps: [Seating.Camp] { position.seating.camps }
}
