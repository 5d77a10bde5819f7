import GameCore
import GameSession

/// A small game for the session tests: players take turns adding 1 or 2 to a counter; whoever
/// reaches the target wins. Each seat also holds a secret number only it may see, so the tests
/// can check hidden information crosses the wire to its owner alone.
protocol RaceRules: PredictingGameModule
where Settings == RaceSettings, State == RaceState, Action == Int, View == RaceView {}

struct RaceSettings: GameSettings {
    static let currentVersion = 1
    var settingsVersion = 1
    var target = 10
}

struct RaceState: Codable, Equatable, Sendable {
    var counter = 0
    var target: Int
    var turn: Int
    var secrets: [Int]
    var winner: Int?
}

struct RaceView: Codable, Equatable, Sendable {
    var counter: Int
    var turn: Int
    var players: Int
    var secret: Int?
    var outcome: GameOutcome?
}

extension RaceRules {
    static var engineVersion: Int { 1 }
    static var catalogEntry: GameCatalogEntry {
        GameCatalogEntry(id: gameType, displayName: "Race", symbol: "flag", minPlayers: 2, maxPlayers: 4, difficulty: .easy)
    }

    static func defaultSettings(playerCount: Int) -> RaceSettings { RaceSettings() }

    static func initialState(players: [GamePlayer], settings: RaceSettings, seed: GameSeed) throws(GameError) -> RaceState {
        try checkPlayerCount(players.count)
        var random = GameRandom(seed: seed)
        let secrets = players.map { _ in 1_000_000 + random.nextInt(below: 9_000_000) }
        return RaceState(target: settings.target, turn: random.nextInt(below: players.count), secrets: secrets)
    }

    static func reduce(_ state: RaceState, _ action: Int, by seat: Int) throws(GameError) -> RaceState {
        guard state.winner == nil else { throw .gameOver("the race is over") }
        guard seat == state.turn else { throw .notYourTurn("seat \(state.turn) is to move") }
        guard action == 1 || action == 2 else { throw .invalidAction("add 1 or 2, not \(action)") }
        var next = state
        next.counter += action
        if next.counter >= next.target { next.winner = seat } else { next.turn = (seat + 1) % state.secrets.count }
        return next
    }

    static func turnSeats(in state: RaceState) -> [Int] { state.winner == nil ? [state.turn] : [] }

    static func legalActions(in state: RaceState, for seat: Int) -> [Int]? {
        state.winner == nil && seat == state.turn ? [1, 2] : []
    }

    static func outcome(of state: RaceState) -> GameOutcome? {
        state.winner.map { GameOutcome(winners: [$0], winType: "finish") }
    }

    static func view(of state: RaceState, for viewer: Viewer) -> RaceView {
        RaceView(
            counter: state.counter, turn: state.turn, players: state.secrets.count,
            secret: viewer.seat.map { state.secrets[$0] }, outcome: outcome(of: state))
    }

    static func outcome(in view: RaceView) -> GameOutcome? { view.outcome }

    static func predict(_ view: RaceView, _ action: Int, by seat: Int) -> RaceView? {
        guard view.outcome == nil, view.turn == seat, action == 1 || action == 2 else { return nil }
        var next = view
        next.counter += action
        next.turn = (seat + 1) % view.players
        return next
    }
}

/// Race, rejoin allowed.
enum Race: RaceRules {
    static let gameType: GameType = "race"
    static let policy = GamePolicy(minPlayers: 2, maxPlayers: 4, isTurnBased: true, allowsRejoin: true, supportsSpectators: false)
}

/// Race whose policy forbids rejoining.
enum StrictRace: RaceRules {
    static let gameType: GameType = "strict-race"
    static let policy = GamePolicy(minPlayers: 2, maxPlayers: 4, isTurnBased: true, allowsRejoin: false, supportsSpectators: false)
}
