#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ``GameEngine`` for one `GameModule`: the only place that knows the module's types. Everything
/// an authority does with a game (validate, apply, view, time out, replay) goes through here, so
/// every game plays the same way, and by the same ``AuthoritativeTable``.
struct ModuleEngine<Module: GameModule>: GameEngine {
    var gameType: GameType { Module.gameType }
    var engineVersion: Int { Module.engineVersion }
    var catalogEntry: GameCatalogEntry { Module.catalogEntry }
    var policy: GamePolicy { Module.policy }

    func settings(_ json: Data?, players: Int) throws(GameError) -> String {
        try Module.checkPlayerCount(players)
        let settings: Module.Settings
        if let json {
            do {
                settings = try GameJSON.decoder().decode(Module.Settings.self, from: json)
            } catch {
                throw .invalidAction("these are not \(Module.catalogEntry.displayName) settings: \(Self.describe(error))")
            }
            try Module.checkVersion(of: settings)
        } else {
            settings = Module.defaultSettings(playerCount: players)
        }
        // Starting a game checks settings against the player count, so a bad combination is refused now.
        _ = try Module.initialState(players: GamePlayer.seats(players), settings: settings, seed: 0)
        return try Self.encode(settings)
    }

    func wireSettings(_ stored: String) throws(GameError) -> Data {
        let settings = try GameError.decoding(Module.Settings.self, from: Data(stored.utf8))
        return Data(try Self.encode(settings).utf8)
    }

    func start(settings: String, seed: GameSeed, seats: [GamePlayer]) throws(GameError) -> EngineState {
        let decoded: Module.Settings
        do {
            decoded = try GameJSON.decoder().decode(Module.Settings.self, from: Data(settings.utf8))
        } catch {
            throw .corruptedPayload("stored settings do not decode: \(Self.describe(error))")
        }
        return EngineState(value: try Module.initialState(players: seats, settings: decoded, seed: seed))
    }

    func replay(action: String?, by seat: Int, on state: EngineState) throws(GameError) -> EngineState {
        guard let action else { return state }
        return EngineState(value: try Module.reduce(try typed(state), try Self.decodeAction(json: Data(action.utf8)), by: seat))
    }

    func decodeAction(from decoder: any Decoder) -> SubmittedAction {
        do {
            // Straight from the message's decoder: game values name their own keys, so no
            // decoder setting of GameJSON's is missed (it has none).
            return .decoded(DecodedAction(value: try Module.Action(from: decoder)))
        } catch let error as GameError {
            return .undecodable(error)
        } catch {
            return .undecodable(Self.notAnAction(error))
        }
    }

    // MARK: The table

    func submit(_ action: SubmittedAction, by seat: Int, moveID: String?, on context: TableContext) throws(GameError) -> EngineSubmission {
        var table = try table(context)
        // A repeat is answered before the action is even read: a retry of a refused shape is refused alike.
        if let moveID, let seq = table.appliedSeq(of: moveID, seat: seat) { return .repeated(seq: seq) }
        return try erased(try table.submit(try Self.typedAction(action), by: seat, moveID: moveID), table)
    }

    func resign(seat: Int, moveID: String?, kind: TableEntryKind, on context: TableContext) throws(GameError) -> EngineSubmission {
        var table = try table(context)
        return try erased(try table.resign(seat: seat, moveID: moveID, kind: kind), table)
    }

    func timeout(seat: Int, policy: TimeoutPolicy, on context: TableContext) throws(GameError) -> EngineSubmission {
        var table = try table(context)
        return try erased(try table.timeout(seat: seat, policy: policy), table)
    }

    private func table(_ context: TableContext) throws(GameError) -> AuthoritativeTable<Module> {
        AuthoritativeTable(
            resuming: try typed(context.state), seed: context.seed, seq: context.seq, seatCount: context.seatCount,
            resigned: context.resigned, applied: context.applied)
    }

    private func erased(_ submission: AuthoritativeTable<Module>.Submission, _ table: AuthoritativeTable<Module>) throws(GameError)
        -> EngineSubmission
    {
        switch submission {
        case .repeated(let seq):
            return .repeated(seq: seq)
        case .applied(let entries, let states):
            var erased: [EngineEntry] = []
            for entry in entries {
                let action: String? = if let action = entry.action { try Self.encode(action) } else { nil }
                erased.append(EngineEntry(seq: entry.seq, seat: entry.seat, kind: entry.kind, action: action, moveID: entry.moveID))
            }
            return .applied(entries: erased, states: states.map(EngineState.init(value:)), outcome: table.outcome, resigned: table.resigned)
        }
    }

    // MARK: Reading a state

    func turnSeats(in state: EngineState) -> [Int] {
        guard let typed = try? typed(state), Module.outcome(of: typed) == nil else { return [] }
        return Module.turnSeats(in: typed)
    }

    func outcome(of state: EngineState) -> GameOutcome? {
        (try? typed(state)).flatMap(Module.outcome(of:))
    }

    func statistics(of state: EngineState, for seat: Int) -> [String: Int] {
        (try? typed(state)).map { Module.statistics(of: $0, for: seat) } ?? [:]
    }

    func hint(for seat: Int, in state: EngineState, seed: UInt64) throws -> Data? {
        var random = GameRandom(seed: GameSeed(seed))
        guard let action = Module.hint(for: seat, in: try typed(state), random: &random) else { return nil }
        return try GameJSON.encoder().encode(action)
    }

    var achievements: [AchievementDefinition] { Module.achievements }
    var leaderboards: [LeaderboardDefinition] { Module.leaderboards }

    func viewJSON(of state: EngineState, seat: Int?) throws -> Data {
        try GameJSON.encoder().encode(view(of: try typed(state), seat: seat))
    }

    func view(of state: EngineState, seat: Int?) throws -> any Encodable & Sendable {
        view(of: try typed(state), seat: seat)
    }

    func recordJSON(settings: String, seed: GameSeed, seats: [GamePlayer], actions: [(seat: Int, action: String?)]) throws -> Data {
        let decoded = try GameJSON.decoder().decode(Module.Settings.self, from: Data(settings.utf8))
        let seated = try actions.compactMap { stored in
            try stored.action.map { SeatedAction(seat: stored.seat, action: try GameJSON.decoder().decode(Module.Action.self, from: Data($0.utf8))) }
        }
        var record = GameRecord<Module>(settings: decoded, seed: seed, seats: seats, actions: seated)
        // The engine's outcome, so the record replays; a platform resignation is in the game's own outcome.
        record.outcome = Module.outcome(of: try record.replay())
        return try GameJSON.encoder().encode(record)
    }

    // MARK: Types

    private func view(of state: Module.State, seat: Int?) -> Module.View {
        Module.view(of: state, for: seat.map { .player(seat: $0) } ?? .spectator)
    }

    private func typed(_ state: EngineState) throws(GameError) -> Module.State {
        guard let typed = state.value as? Module.State else { throw .corruptedPayload("a \(Module.gameType) engine was handed another game's state") }
        return typed
    }

    private static func typedAction(_ action: SubmittedAction) throws(GameError) -> Module.Action {
        switch action {
        case .decoded(let boxed):
            guard let value = boxed.value as? Module.Action else { throw .invalidAction("this is not a \(Module.catalogEntry.displayName) action") }
            return value
        case .json(let json):
            return try decodeAction(json: json)
        case .undecodable(let error):
            throw error
        }
    }

    private static func decodeAction(json: Data) throws(GameError) -> Module.Action {
        do {
            return try GameJSON.decoder().decode(Module.Action.self, from: json)
        } catch {
            throw notAnAction(error)
        }
    }

    private static func notAnAction(_ error: any Error) -> GameError {
        .invalidAction("this is not a \(Module.catalogEntry.displayName) action: \(describe(error))")
    }

    private static func encode(_ value: some Encodable) throws(GameError) -> String {
        do {
            return String(decoding: try GameJSON.encoder().encode(value), as: UTF8.self)
        } catch {
            throw .corruptedPayload("cannot encode: \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.debugDescription
        default: "\(error)"
        }
    }
}
