import GameCore

/// What a player or spectator sees: the public position, flows and progress. Never the bag's
/// order or the generator.
public struct QuortexView: Codable, Equatable, Sendable {
    public var viewer: Viewer
    public var players: [GamePlayer]
    public var position: QuortexPosition
    /// How many tiles are left in the bag (not which).
    public var bagCount: Int
    public var placements: Int
    public var outcome: GameOutcome?
    /// The placements the viewer may make now: present only in the view of the seat to move, so
    /// a client with no rules of its own (one playing over REST) need not guess.
    public var legalPlacements: [Placement]?

    private enum CodingKeys: String, CodingKey {
        case viewer, players, position, bagCount = "bag_count", placements, outcome, legalPlacements = "legal_placements"
    }

    public init(state: QuortexState, viewer: Viewer) {
        self.viewer = viewer
        players = state.players
        position = state.position
        bagCount = state.bag.count
        placements = state.placements
        outcome = state.outcome
        if let seat = viewer.seat, state.outcome == nil, seat == state.currentSeat {
            legalPlacements = state.position.legalPlacements
        }
    }

    /// Written by hand to list the legal placements as strings: one `[String]` is written in one
    /// go, where `[Placement]` takes a trip through `Encodable` per element, and the mover's view
    /// lists about a hundred of them on every move. Every view of every move is rendered for
    /// each player, so the direct encoder gets it written by hand altogether (``writeJSON(to:)``).
    /// Decoding stays synthesized.
    public func encode(to encoder: any Encoder) throws {
        if DirectJSONEncoder.writeDirectly(to: encoder, writeJSON) { return }
        try encodeFields(to: encoder)
    }

    /// The view through its keyed container: for every encoder but the direct one.
    package func encodeFields(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewer, forKey: .viewer)
        try container.encode(players, forKey: .players)
        try container.encode(position, forKey: .position)
        try container.encode(bagCount, forKey: .bagCount)
        try container.encode(placements, forKey: .placements)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(legalPlacements?.map(\.notation), forKey: .legalPlacements)
    }

    /// The same JSON as ``encodeFields(to:)``, by hand.
    package func writeJSON(to json: inout JSONWriter) {
        json.raw(#"{"viewer":"#)
        json.viewer(viewer)
        json.raw(#","players":"#)
        json.array(count: players.count) { $0.player(players[$1]) }
        json.raw(#","position":"#)
        position.writeJSON(to: &json)
        json.raw(#","bag_count":"#)
        json.integer(bagCount)
        json.raw(#","placements":"#)
        json.integer(placements)
        if let outcome {
            json.raw(#","outcome":"#)
            json.outcome(outcome)
        }
        if let legalPlacements {
            json.raw(#","legal_placements":"#)
            json.strings(count: legalPlacements.count) { legalPlacements[$0].notation }
        }
        json.raw("}")
    }

    /// Every flow on the board. Derived from the board rather than stored, so it is not sent:
    /// at the end of a game the flows would be more than half of every view's JSON.
    public var flows: [Flow] { Flow.all(on: position.board, seating: position.seating) }

    public var currentSeat: Int? { outcome == nil ? position.currentSeat : nil }

    /// Solo players and teams; derived from the seating's sides, which is all the view carries.
    public var camps: [Seating.Camp] { position.seating.camps }
}
