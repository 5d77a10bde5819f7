/// An action together with the seat that performed it.
public struct SeatedAction<Action: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var seat: Int
    public var action: Action

    public init(seat: Int, action: Action) {
        self.seat = seat
        self.action = action
    }
}

/// Everything needed to replay a game exactly: which game and engine, the settings, the seed, who
/// sat where, and every action in order. `outcome` is informational; a replay that ends
/// differently is a `desync`.
public struct GameRecord<Module: GameModule>: Codable, Hashable, Sendable {
    public var game: GameType
    public var engineVersion: Int
    public var settings: Module.Settings
    public var seed: GameSeed
    public var seats: [GamePlayer]
    public var actions: [SeatedAction<Module.Action>]
    public var outcome: GameOutcome?

    /// Keys as ``GameJSON`` writes them; `game` is `game_type`: on Parlor's wire a `game` is a
    /// game being played, never a kind of game.
    private enum CodingKeys: String, CodingKey {
        case game = "game_type", engineVersion = "engine_version", settings, seed, seats, actions, outcome
    }

    public init(
        settings: Module.Settings, seed: GameSeed, seats: [GamePlayer],
        actions: [SeatedAction<Module.Action>] = [], outcome: GameOutcome? = nil
    ) {
        self.game = Module.gameType
        self.engineVersion = Module.engineVersion
        self.settings = settings
        self.seed = seed
        self.seats = seats
        self.actions = actions
        self.outcome = outcome
    }

    /// The state after every recorded action.
    public func replay() throws(GameError) -> Module.State {
        var final: Module.State?
        try replay { final = $0 }
        // `replay(_:)` always reports the initial state at least.
        guard let final else { throw .desync("replay produced no state") }
        return final
    }

    /// Replays the record, handing `visit` the initial state and the state after each action.
    public func replay(_ visit: (Module.State) -> Void) throws(GameError) {
        guard game == Module.gameType else {
            throw .unsupportedGameVersion("this is a \(game) record, not \(Module.gameType)")
        }
        guard engineVersion == Module.engineVersion else {
            throw .versionMismatch(
                "the record was played on \(Module.gameType) engine \(engineVersion); this build plays engine \(Module.engineVersion)")
        }
        try Module.checkVersion(of: settings)
        var state = try Module.initialState(players: seats, settings: settings, seed: seed)
        visit(state)
        for (index, entry) in actions.enumerated() {
            do {
                state = try Module.reduce(state, entry.action, by: entry.seat)
            } catch {
                throw error.prefixed("action \(index + 1) (seat \(entry.seat))")
            }
            visit(state)
        }
        if let outcome, Module.outcome(of: state) != outcome {
            throw .desync("the recorded outcome differs from the outcome of replaying the actions")
        }
    }

    /// Appends an action after checking it against `state`, returning the new state.
    public mutating func append(_ action: Module.Action, by seat: Int, to state: Module.State) throws(GameError) -> Module.State {
        let next = try Module.reduce(state, action, by: seat)
        actions.append(SeatedAction(seat: seat, action: action))
        outcome = Module.outcome(of: next)
        return next
    }
}
