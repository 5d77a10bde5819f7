import Foundation
import GameCore
import ParlorAccounts
import ParlorHTTP

/// `PlayEngine` for one `GameModule`, plus the few facts the contract does not carry: whose
/// clock runs, how a bot plays for an absent player, and the game's own resign action.
struct ModuleEngine<Module: GameModule>: PlayEngine {
    let turnSeats: @Sendable (Module.State) -> [Int]
    let bot: @Sendable (Module.State, Int, inout GameRandom) -> Module.Action?
    let resign: Module.Action?

    var gameID: GameID { Module.id }
    var engineVersion: Int { Module.engineVersion }
    var catalogEntry: GameCatalogEntry { Module.catalogEntry }
    var policy: GamePolicy { Module.policy }
    var resignsItself: Bool { resign != nil }

    func settings(_ json: Data?, players: Int) throws(GameError) -> String {
        try Module.checkPlayerCount(players)
        let settings: Module.Settings
        if let json {
            do {
                settings = try JSONDecoder().decode(Module.Settings.self, from: json)
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

    func start(settings: String, seed: GameSeed, seats: [GamePlayer]) throws(GameError) -> LiveState {
        let decoded: Module.Settings
        do {
            decoded = try JSONDecoder().decode(Module.Settings.self, from: Data(settings.utf8))
        } catch {
            throw .corruptedPayload("stored settings do not decode: \(Self.describe(error))")
        }
        return LiveState(value: try Module.initialState(players: seats, settings: decoded, seed: seed))
    }

    func apply(action: Data, by seat: Int, to state: LiveState) throws(GameError) -> (state: LiveState, action: String) {
        let decoded: Module.Action
        do {
            decoded = try JSONDecoder().decode(Module.Action.self, from: action)
        } catch {
            throw .invalidAction("this is not a \(Module.catalogEntry.displayName) action: \(Self.describe(error))")
        }
        let next = try Module.reduce(try typed(state), decoded, by: seat)
        return (LiveState(value: next), try Self.encode(decoded))
    }

    func replay(_ entry: MoveEntry, on state: LiveState) throws(GameError) -> LiveState {
        guard let action = entry.action else { return state }
        return try apply(action: Data(action.utf8), by: entry.seat, to: state).state
    }

    func botAction(for seat: Int, in state: LiveState, seed: GameSeed, seq: Int) -> String? {
        guard let typed = try? typed(state) else { return nil }
        // Seeded by the game and the move number, so a retried timeout chooses the same action.
        var random = GameRandom(seed: seed, stream: UInt64(seq) &+ 1_000)
        guard let action = bot(typed, seat, &random) ?? Module.legalActions(in: typed, for: seat)?.first else { return nil }
        return try? Self.encode(action)
    }

    func resignAction() -> String? { resign.flatMap { try? Self.encode($0) } }

    func turnSeats(in state: LiveState) -> [Int] {
        guard let typed = try? typed(state), Module.outcome(of: typed) == nil else { return [] }
        return turnSeats(typed)
    }

    func outcome(of state: LiveState) -> GameOutcome? {
        (try? typed(state)).flatMap(Module.outcome(of:))
    }

    func viewJSON(of state: LiveState, seat: Int?) throws -> Data {
        try JSONEncoder().encode(view(of: try typed(state), seat: seat))
    }

    func view(of state: LiveState, seat: Int?) throws -> any Encodable & Sendable {
        view(of: try typed(state), seat: seat)
    }

    func action(canonical json: String) throws -> any Encodable & Sendable {
        try Self.decodeAction(json)
    }

    func recordJSON(settings: String, seed: GameSeed, seats: [GamePlayer], entries: [MoveEntry]) throws -> Data {
        let decoded = try JSONDecoder().decode(Module.Settings.self, from: Data(settings.utf8))
        let actions = try entries.compactMap { entry in
            try entry.action.map { SeatedAction(seat: entry.seat, action: try Self.decodeAction($0)) }
        }
        var record = GameRecord<Module>(settings: decoded, seed: seed, seats: seats, actions: actions)
        // The engine's outcome, so the record replays; a platform resignation is in the game's own outcome.
        record.outcome = Module.outcome(of: try record.replay())
        return try JSONEncoder().encode(record)
    }

    private func view(of state: Module.State, seat: Int?) -> Module.View {
        Module.view(of: state, for: seat.map { .player(seat: $0) } ?? .spectator)
    }

    private func typed(_ state: LiveState) throws(GameError) -> Module.State {
        guard let typed = state.value as? Module.State else { throw .corruptedPayload("a \(Module.id) engine was handed another game's state") }
        return typed
    }

    private static func decodeAction(_ json: String) throws -> Module.Action {
        try JSONDecoder().decode(Module.Action.self, from: Data(json.utf8))
    }

    private static func encode(_ value: some Encodable) throws(GameError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
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
