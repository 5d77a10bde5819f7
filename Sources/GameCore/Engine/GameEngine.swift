#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A game's state as an authority holds it, opaque outside its engine.
public struct EngineState: @unchecked Sendable {
    // Always the engine's own `Module.State`, a Sendable value type; the box only hides the type.
    /// The module's own `State`, for code that knows the game.
    public let value: any Sendable
}

/// An entry of a table over JSON: a ``TableEntry`` with its action as canonical JSON.
public struct EngineEntry: Sendable, Equatable {
    public var seq: Int
    public var seat: Int
    public var kind: TableEntryKind
    /// The action's canonical JSON; nil for a `resign` entry.
    public var action: String?
    public var moveID: String?
}

/// Where an authority's table stands, as it stored it: what ``GameEngine``'s table operations
/// resume from.
public struct TableContext: Sendable {
    public var state: EngineState
    public var seed: GameSeed
    public var seq: Int
    public var seatCount: Int
    public var resigned: Set<Int>
    /// Per seat, the client ids applied and the seq each reached.
    public var applied: [Int: [String: Int]]

    public init(state: EngineState, seed: GameSeed, seq: Int, seatCount: Int, resigned: Set<Int>, applied: [Int: [String: Int]]) {
        self.state = state
        self.seed = seed
        self.seq = seq
        self.seatCount = seatCount
        self.resigned = resigned
        self.applied = applied
    }
}

/// What a table operation did, over JSON.
public enum EngineSubmission: Sendable {
    /// The entries added, each with the state after it, the outcome they reached, and the seats
    /// resigned after them.
    case applied(entries: [EngineEntry], states: [EngineState], outcome: GameOutcome?, resigned: Set<Int>)
    /// The client id was applied before, at `seq`.
    case repeated(seq: Int)
}

/// One registered game seen through JSON and opaque states: what an authority that does not know
/// the game's types (the server) plays it with. The rules above `reduce` come from the same
/// ``AuthoritativeTable`` the peer-to-peer host keeps.
public protocol GameEngine: Sendable {
    var gameType: GameType { get }
    var engineVersion: Int { get }
    var catalogEntry: GameCatalogEntry { get }
    var policy: GamePolicy { get }

    /// The canonical settings JSON: `json` checked against the game's schema, or its defaults.
    func settings(_ json: Data?, players: Int) throws(GameError) -> String
    /// Stored settings as clients see them, in ``GameJSON``'s convention (whatever the stored form).
    func wireSettings(_ stored: String) throws(GameError) -> Data
    func start(settings: String, seed: GameSeed, seats: [GamePlayer]) throws(GameError) -> EngineState
    /// Replays a stored entry's action (none for a `resign` entry).
    func replay(action: String?, by seat: Int, on state: EngineState) throws(GameError) -> EngineState
    /// The action a message carries at `decoder`, decoded once into the game's own type; never throws.
    func decodeAction(from decoder: any Decoder) -> SubmittedAction

    /// ``AuthoritativeTable/submit(_:by:moveID:)`` on the table `context` describes.
    func submit(_ action: SubmittedAction, by seat: Int, moveID: String?, on context: TableContext) throws(GameError) -> EngineSubmission
    /// ``AuthoritativeTable/resign(seat:moveID:kind:)``.
    func resign(seat: Int, moveID: String?, kind: TableEntryKind, on context: TableContext) throws(GameError) -> EngineSubmission
    /// ``AuthoritativeTable/timeout(seat:policy:)``.
    func timeout(seat: Int, policy: TimeoutPolicy, on context: TableContext) throws(GameError) -> EngineSubmission

    /// Seats that are expected to act now (whose clock runs).
    func turnSeats(in state: EngineState) -> [Int]
    func outcome(of state: EngineState) -> GameOutcome?
    /// The game's own statistics of `seat`'s part in a finished game (``GameModule/statistics(of:for:)``).
    func statistics(of state: EngineState, for seat: Int) -> [String: Int]
    /// ``GameModule/hint(for:in:random:)``'s action as JSON, drawn with `seed`; nil when there is none.
    func hint(for seat: Int, in state: EngineState, seed: UInt64) throws -> Data?
    var achievements: [AchievementDefinition] { get }
    var leaderboards: [LeaderboardDefinition] { get }

    /// The JSON of a viewer's view (a seat, or nil for a spectator).
    func viewJSON(of state: EngineState, seat: Int?) throws -> Data
    /// A viewer's view as the module's own `View` value, for a message that carries it.
    func view(of state: EngineState, seat: Int?) throws -> any Encodable & Sendable
    /// The replay record: the module's `GameRecord` as JSON.
    func recordJSON(settings: String, seed: GameSeed, seats: [GamePlayer], actions: [(seat: Int, action: String?)]) throws -> Data
}

extension GameModule {
    /// This game seen through JSON.
    public static var engine: any GameEngine { ModuleEngine<Self>() }
}
