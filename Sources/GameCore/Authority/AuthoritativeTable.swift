/// The authoritative game above the rules: the one place that numbers what happens, makes a
/// retried request harmless, resigns seats, plays for resigned and timed-out seats, and says when
/// the game is over. The peer-to-peer host keeps one for the whole game; the server resumes one
/// from its stored copy for each request, so both apply exactly the same rules.
///
/// A value: a refused request throws and leaves it unchanged.
public struct AuthoritativeTable<Module: GameModule>: Sendable {
    public typealias Entry = TableEntry<Module.Action>

    /// What a request did.
    public enum Submission: Sendable, Equatable {
        /// The request added these entries: its own first, then what was played for resigned
        /// seats whose turn came up. `states[i]` is the state after `entries[i]`.
        case applied(entries: [Entry], states: [Module.State])
        /// The same client id was applied before, at `seq`: nothing changed.
        case repeated(seq: Int)
    }

    /// At most this many entries are played for resigned seats after one request: a game whose
    /// autopilot never ends it stops there, and the next request goes on.
    public static var autopilotLimit: Int { 500 }

    public let seed: GameSeed
    public private(set) var state: Module.State
    /// How many entries have been applied.
    public private(set) var seq: Int
    /// Seats that resigned without the game's own resign action.
    public private(set) var resigned: Set<Int>
    /// The number of seats.
    public let seatCount: Int
    private var applied: [Int: [String: Int]]

    /// A new game.
    public init(settings: Module.Settings, seed: GameSeed, seats: [GamePlayer]) throws(GameError) {
        try Module.checkVersion(of: settings)
        self.init(resuming: try Module.initialState(players: seats, settings: settings, seed: seed), seed: seed, seq: 0, seatCount: seats.count)
    }

    /// A game as an authority stored it: its current state and sequence number, the seats that
    /// resigned, and the client ids already applied (per seat, with the seq each reached).
    public init(
        resuming state: Module.State, seed: GameSeed, seq: Int, seatCount: Int, resigned: Set<Int> = [], applied: [Int: [String: Int]] = [:]
    ) {
        self.state = state
        self.seed = seed
        self.seq = seq
        self.seatCount = seatCount
        self.resigned = resigned
        self.applied = applied
    }

    /// The game's outcome, or the platform's when all but one seat have resigned.
    public var outcome: GameOutcome? {
        if let outcome = Module.outcome(of: state) { return outcome }
        let remaining = (0..<seatCount).filter { !resigned.contains($0) }
        return remaining.count <= 1 ? GameOutcome(winners: remaining, winType: .resignation) : nil
    }

    /// The seq at which `moveID` was applied for `seat`, if it was.
    public func appliedSeq(of moveID: String, seat: Int) -> Int? { applied[seat]?[moveID] }

    /// `seat` plays `action`.
    public mutating func submit(_ action: Module.Action, by seat: Int, moveID: String?) throws(GameError) -> Submission {
        if let moveID, let seq = appliedSeq(of: moveID, seat: seat) { return .repeated(seq: seq) }
        try checkOpen(for: seat)
        var next = self
        try next.append(action, by: seat, kind: .action, moveID: moveID)
        return next.finish(into: &self)
    }

    /// `seat` gives up: the game's own resign action when it has one, otherwise a `resign` entry.
    /// `kind` is `.timeout` when the resignation is the timeout policy's, not the player's.
    public mutating func resign(seat: Int, moveID: String?, kind: Entry.Kind = .action) throws(GameError) -> Submission {
        if let moveID, let seq = appliedSeq(of: moveID, seat: seat) { return .repeated(seq: seq) }
        try checkOpen(for: seat)
        var next = self
        next.resigned.insert(seat)
        if let action = Module.resignAction(for: seat, in: state) {
            try next.append(action, by: seat, kind: kind, moveID: moveID)
        } else {
            next.record(Entry(seq: seq + 1, seat: seat, kind: .resign, action: nil, moveID: moveID), state: state)
        }
        return next.finish(into: &self)
    }

    /// `seat`'s clock ran out: `policy` plays for it, or resigns it.
    public mutating func timeout(seat: Int, policy: TimeoutPolicy) throws(GameError) -> Submission {
        guard policy == .botMove, let action = autopilotAction(for: seat) else {
            return try resign(seat: seat, moveID: nil, kind: .timeout)
        }
        guard outcome == nil else { throw .gameOver("the game is over") }
        var next = self
        try next.append(action, by: seat, kind: .timeout, moveID: nil)
        return next.finish(into: &self)
    }

    /// What the autopilot plays for `seat` now. Seeded by the game and the sequence number, so a
    /// retried timeout, on any node, chooses the same action; falls back to the first legal one.
    public func autopilotAction(for seat: Int) -> Module.Action? {
        var random = GameRandom(seed: seed, stream: UInt64(seq) &+ 1_000)
        return Module.autopilotAction(for: seat, in: state, random: &random) ?? Module.legalActions(in: state, for: seat)?.first
    }

    // MARK: Applying

    private var added: [Entry] = []
    private var addedStates: [Module.State] = []

    private func checkOpen(for seat: Int) throws(GameError) {
        guard outcome == nil else { throw .gameOver("the game is over") }
        guard !resigned.contains(seat) else { throw .gameOver("you have resigned from this game") }
    }

    private mutating func append(_ action: Module.Action, by seat: Int, kind: Entry.Kind, moveID: String?) throws(GameError) {
        let next = try Module.reduce(state, action, by: seat)
        record(Entry(seq: seq + 1, seat: seat, kind: kind, action: action, moveID: moveID), state: next)
    }

    private mutating func record(_ entry: Entry, state next: Module.State) {
        state = next
        seq = entry.seq
        if let moveID = entry.moveID { applied[entry.seat, default: [:]][moveID] = entry.seq }
        added.append(entry)
        addedStates.append(next)
    }

    /// Plays for resigned seats whose turn comes up, then commits this table into `target`.
    private mutating func finish(into target: inout Self) -> Submission {
        while outcome == nil, added.count < Self.autopilotLimit,
            let away = Module.turnSeats(in: state).first(where: resigned.contains),
            let action = autopilotAction(for: away),
            let next = try? Module.reduce(state, action, by: away)
        {
            record(Entry(seq: seq + 1, seat: away, kind: .timeout, action: action, moveID: nil), state: next)
        }
        let submission = Submission.applied(entries: added, states: addedStates)
        added = []
        addedStates = []
        target = self
        return submission
    }
}
