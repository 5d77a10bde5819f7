import GameCore

import struct Foundation.UUID

/// The authoritative half of the seed's `GameStore`: the game's ``AuthoritativeTable`` (the same
/// rules above `reduce` the server keeps: sequence numbers, outcome, autopilot), the record of
/// every action, and what is particular to the peer-to-peer wire: match numbers and the clients'
/// integer action ids. It is a value; `SessionHost` owns it.
struct HostGame<Module: GameModule> {
    /// What happened to a submitted action.
    enum Submission: Equatable {
        case applied
        case rejected(GameError)
        /// The same action id again: nothing changes; the sender gets the first answer again.
        case repeated(GameError?)
        /// An older action id than one already processed: ignored.
        case stale
    }

    let match: Int
    let matchId: UUID
    private(set) var record: GameRecord<Module>
    private(set) var table: AuthoritativeTable<Module>
    /// Per seat: the last action id processed and, if it was refused, why. Clients number their
    /// actions in order, so a late duplicate over a lossy network is recognised by its number.
    private var processed: [Int: (id: Int, rejection: GameError?)] = [:]

    init(match: Int, matchId: UUID, settings: Module.Settings, seats: [GamePlayer], seed: GameSeed) throws(GameError) {
        self.match = match
        self.matchId = matchId
        self.record = GameRecord(settings: settings, seed: seed, seats: seats)
        self.table = try AuthoritativeTable(settings: settings, seed: seed, seats: seats)
    }

    var state: Module.State { table.state }
    var sequence: Int { table.seq }
    var stamp: StateStamp { StateStamp(match: match, sequence: sequence) }
    var outcome: GameOutcome? { table.outcome }

    /// Applies `action` for `seat`. `moveID` is the client's number for it; the host's own
    /// actions and the autopilot's pass nil.
    mutating func submit(_ action: Module.Action, by seat: Int, moveID: Int?) -> Submission {
        if let moveID, let last = processed[seat] {
            if moveID == last.id { return .repeated(last.rejection) }
            if moveID < last.id { return .stale }
        }
        do {
            if case .applied(let entries, _) = try table.submit(action, by: seat, moveID: nil) {
                for entry in entries { if let action = entry.action { record.actions.append(SeatedAction(seat: entry.seat, action: action)) } }
                record.outcome = Module.outcome(of: table.state)
            }
            if let moveID { processed[seat] = (moveID, nil) }
            return .applied
        } catch {
            if let moveID { processed[seat] = (moveID, error) }
            return .rejected(error)
        }
    }

    func acknowledged(for seat: Int) -> Int { processed[seat]?.id ?? 0 }

    func payload(for seat: Int?) -> StatePayload<Module.View> {
        let viewer: Viewer = seat.map { .player(seat: $0) } ?? .spectator
        return StatePayload(
            stamp: stamp, matchId: matchId, seat: seat, acknowledged: seat.map(acknowledged(for:)) ?? 0,
            view: Module.view(of: state, for: viewer))
    }

    /// What the table's autopilot plays for a seat whose player is away; nil when the seat has
    /// nothing to do now.
    func autopilotAction(for seat: Int) -> Module.Action? {
        guard outcome == nil, Module.turnSeats(in: state).contains(seat) else { return nil }
        return table.autopilotAction(for: seat)
    }
}
