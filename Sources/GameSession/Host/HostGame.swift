import GameCore

import struct Foundation.UUID

/// The authoritative half of the seed's `GameStore`: the full state, the record of every action,
/// and a sequence number that grows with each applied action so clients can drop stale or
/// repeated states. It is a value; `SessionHost` owns it.
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
    private(set) var state: Module.State
    private(set) var sequence = 0
    /// Per seat: the last action id processed and, if it was refused, why.
    private var processed: [Int: (id: Int, rejection: GameError?)] = [:]

    init(match: Int, matchId: UUID, settings: Module.Settings, seats: [GamePlayer], seed: GameSeed) throws(GameError) {
        try Module.checkVersion(of: settings)
        self.match = match
        self.matchId = matchId
        self.record = GameRecord(settings: settings, seed: seed, seats: seats)
        self.state = try Module.initialState(players: seats, settings: settings, seed: seed)
    }

    var stamp: StateStamp { StateStamp(match: match, sequence: sequence) }
    var outcome: GameOutcome? { Module.outcome(of: state) }

    /// Applies `action` for `seat`. `actionId` is the client's number for it; the host's own
    /// actions and the autopilot's pass nil.
    mutating func submit(_ action: Module.Action, by seat: Int, actionId: Int?) -> Submission {
        if let actionId, let last = processed[seat] {
            if actionId == last.id { return .repeated(last.rejection) }
            if actionId < last.id { return .stale }
        }
        do {
            state = try record.append(action, by: seat, to: state)
            sequence += 1
            if let actionId { processed[seat] = (actionId, nil) }
            return .applied
        } catch {
            if let actionId { processed[seat] = (actionId, error) }
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

    /// A legal action for a seat whose player is away, chosen with the host's generator; nil when
    /// the seat has nothing to do now.
    func autopilotAction(for seat: Int, random: inout GameRandom) -> Module.Action? {
        guard outcome == nil, let actions = Module.legalActions(in: state, for: seat) else { return nil }
        return random.element(of: actions)
    }
}
