import Foundation
import GameCore
import ParlorAccounts
import ParlorHTTP

/// A game's state as a node holds it, opaque outside its engine.
package struct LiveState: @unchecked Sendable {
    // Always the engine's own `Module.State`, a value type; the box only hides the type.
    package let value: any Sendable
}

/// What a move does to a game: one row of the move log.
package struct MoveEntry: Sendable, Equatable {
    package enum Kind: String, Sendable {
        /// A player's action.
        case action
        /// A player gave up through the platform (the game has no resign action of its own).
        case resign
        /// An action chosen for the player by the timeout policy.
        case timeout
    }

    package var seq: Int
    package var seat: Int
    package var kind: Kind
    /// The action's canonical JSON; nil for a platform resignation.
    package var action: String?
    package var moveID: String?
    package var at: Int64
}

/// One registered game, seen by the server through JSON: the only place that knows the module's
/// types. Everything the server does with a game (validate, apply, view, time out, replay) goes
/// through here, so every game plays online the same way.
package protocol PlayEngine: Sendable {
    var gameID: GameID { get }
    var engineVersion: Int { get }
    var catalogEntry: GameCatalogEntry { get }
    var policy: GamePolicy { get }
    /// True when the game's rules have a resign action.
    var resignsItself: Bool { get }

    /// The canonical settings JSON: `json` checked against the game's schema, or its defaults.
    func settings(_ json: Data?, players: Int) throws(GameError) -> String
    func start(settings: String, seed: GameSeed, seats: [GamePlayer]) throws(GameError) -> LiveState
    /// `action` (any JSON the module's `Action` decodes from) applied by `seat`, and the action's canonical JSON.
    func apply(action: Data, by seat: Int, to state: LiveState) throws(GameError) -> (state: LiveState, action: String)
    /// Replays a stored entry.
    func replay(_ entry: MoveEntry, on state: LiveState) throws(GameError) -> LiveState
    /// The action the timeout policy plays for `seat` (`bot_move`), as JSON; nil when it has none.
    func botAction(for seat: Int, in state: LiveState, seed: GameSeed, seq: Int) -> String?
    /// The game's own resign action as JSON, when `resignsItself`.
    func resignAction() -> String?
    /// Seats that are expected to act now (whose clock runs).
    func turnSeats(in state: LiveState) -> [Int]
    func outcome(of state: LiveState) -> GameOutcome?

    /// The JSON of `viewer`'s view (a seat, or nil for a spectator).
    func viewJSON(of state: LiveState, seat: Int?) throws -> Data
    /// `viewer`'s view as the module's own `View` value, for a message that carries it.
    func view(of state: LiveState, seat: Int?) throws -> any Encodable & Sendable
    /// A stored canonical action as the module's own `Action` value.
    func action(canonical json: String) throws -> any Encodable & Sendable
    /// The replay record: the module's `GameRecord` as JSON.
    func recordJSON(settings: String, seed: GameSeed, seats: [GamePlayer], entries: [MoveEntry]) throws -> Data
}
