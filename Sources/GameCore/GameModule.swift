/// GameCore: the contract every Parlor game plugs into.
///
/// A game is a type with only static members: metadata, a versioned settings type, and pure
/// functions over a `State`. The server, a peer-to-peer host and a device all run the same
/// functions, so a move checked on one is checked the same way everywhere.
public protocol GameModule: Sendable {
    associatedtype Settings: GameSettings
    associatedtype State: Codable & Equatable & Sendable
    associatedtype Action: Codable & Hashable & Sendable
    /// What one player (or a spectator) may see of a `State`: nothing secret.
    associatedtype View: Codable & Equatable & Sendable

    static var gameType: GameType { get }
    /// Raised whenever the rules change what a recorded game means; records of another version
    /// are refused with `versionMismatch` rather than replayed differently.
    static var engineVersion: Int { get }
    static var catalogEntry: GameCatalogEntry { get }
    static var policy: GamePolicy { get }

    static func defaultSettings(playerCount: Int) -> Settings

    /// The first state. All randomness comes from a `GameRandom` seeded with `seed`.
    static func initialState(players: [GamePlayer], settings: Settings, seed: GameSeed) throws(GameError) -> State

    /// The pure reducer: the state after `seat` performs `action`, or the reason it may not.
    /// It never ignores an illegal action.
    static func reduce(_ state: State, _ action: Action, by seat: Int) throws(GameError) -> State

    /// Every action `seat` may perform now, or nil when the game cannot enumerate them.
    static func legalActions(in state: State, for seat: Int) -> [Action]?

    /// Nil while the game is in progress.
    static func outcome(of state: State) -> GameOutcome?

    static func view(of state: State, for viewer: Viewer) -> View

    /// The outcome as a view shows it, so a client holding only its view knows the game ended.
    static func outcome(in view: View) -> GameOutcome?

    // What an authority (the server, a peer-to-peer host) needs beyond the rules themselves; see
    // ``AuthoritativeTable``.

    /// The seats expected to act now, whose clock runs; empty once the game is over.
    static func turnSeats(in state: State) -> [Int]

    /// What is played for `seat` when its player is away, timed out or resigned; nil when the seat
    /// has nothing to do. By default a random legal action.
    static func autopilotAction(for seat: Int, in state: State, random: inout GameRandom) -> Action?

    /// The game's own resign action for `seat`, if its rules have one; by default none, and the
    /// authority records the resignation itself and plays the seat's turns on autopilot.
    static func resignAction(for seat: Int, in state: State) -> Action?

    /// The game's strongest suggestion for `seat`'s turn, from what that seat may see (a paid
    /// hint); nil when it is not the seat's turn or the game offers none. By default none.
    static func hint(for seat: Int, in state: State, random: inout GameRandom) -> Action?

    // What leaderboards and achievements are defined over (see ``LeaderboardDefinition``).

    /// Numbers about `seat`'s part in a finished game, named as the game's leaderboards and
    /// achievements read them; by default none beyond the ones every game has (``GameStatistic``).
    static func statistics(of state: State, for seat: Int) -> [String: Int]

    /// The game's achievements; by default ``AchievementDefinition/standard``.
    static var achievements: [AchievementDefinition] { get }

    /// The game's leaderboards; by default ``LeaderboardDefinition/standard``.
    static var leaderboards: [LeaderboardDefinition] { get }
}

/// A game's settings snapshot. `settingsVersion` travels with the snapshot so that two builds
/// with different rule schemas refuse each other instead of playing different games.
public protocol GameSettings: Codable, Hashable, Sendable {
    static var currentVersion: Int { get }
    var settingsVersion: Int { get }
}

extension GameModule {
    public static func autopilotAction(for seat: Int, in state: State, random: inout GameRandom) -> Action? {
        guard outcome(of: state) == nil, let actions = legalActions(in: state, for: seat) else { return nil }
        return random.element(of: actions)
    }

    public static func resignAction(for seat: Int, in state: State) -> Action? { nil }

    public static func hint(for seat: Int, in state: State, random: inout GameRandom) -> Action? { nil }

    public static func statistics(of state: State, for seat: Int) -> [String: Int] { [:] }

    public static var achievements: [AchievementDefinition] { AchievementDefinition.standard }

    public static var leaderboards: [LeaderboardDefinition] { LeaderboardDefinition.standard }

    /// Refuses settings of another schema version.
    public static func checkVersion(of settings: Settings) throws(GameError) {
        guard settings.settingsVersion == Settings.currentVersion else {
            throw .versionMismatch(
                "\(gameType) settings version \(settings.settingsVersion) is not \(Settings.currentVersion), the version this build plays")
        }
    }

    /// Refuses player counts outside the policy.
    public static func checkPlayerCount(_ count: Int) throws(GameError) {
        guard policy.accepts(playerCount: count) else {
            throw .invalidAction(
                "\(catalogEntry.displayName) is for \(policy.minPlayers) to \(policy.maxPlayers) players, not \(count)")
        }
    }
}
