import GameCore

/// Quortex: a hex tile-placement flow game for 2–6 players. Each player owns a side of a hexagonal
/// board and places drawn tiles to run a flow to their goal side, while every placement must leave
/// every other player a possible route.
///
/// This module is the whole rulebook: board and tiles (`Board/`), legality, flows and victory
/// (`Rules/`), bots (`Bots/`) and SVG rendering with geometry a SwiftUI Canvas can share
/// (`Rendering/`). It is pure Swift with no I/O.
public enum Quortex: GameModule {
    public typealias Settings = QuortexSettings
    public typealias State = QuortexState
    public typealias Action = QuortexAction
    public typealias View = QuortexView

    public static let gameType: GameType = "quortex"
    public static let engineVersion = 1

    public static let catalogEntry = GameCatalogEntry(
        id: gameType, displayName: "Quortex", symbol: "hexagon", minPlayers: 2, maxPlayers: 6, difficulty: .medium)

    public static let policy = GamePolicy(
        minPlayers: 2, maxPlayers: 6, isTurnBased: true, allowsRejoin: true, supportsSpectators: true)

    public static func defaultSettings(playerCount: Int) -> QuortexSettings { QuortexSettings() }

    public static func initialState(players: [GamePlayer], settings: QuortexSettings, seed: GameSeed) throws(GameError)
        -> QuortexState
    {
        try checkVersion(of: settings)
        try checkPlayerCount(players.count)
        let seating = try settings.seating(playerCount: players.count)
        var random = GameRandom(seed: seed)
        var bag = TileType.allCases.flatMap { Array(repeating: $0, count: TileType.copiesInBag) }
        random.shuffle(&bag)
        let firstSeat = random.nextInt(below: players.count)
        let turn = seating.turnSlots.firstIndex { $0.seat == firstSeat && $0.side == seating.sides[firstSeat] } ?? 0
        let position = QuortexPosition(seating: seating, drawn: bag.removeLast(), turn: turn)
        return QuortexState(
            players: players, position: position, bag: bag, placements: 0, outcome: nil, random: random)
    }

    public static func reduce(_ state: QuortexState, _ action: QuortexAction, by seat: Int) throws(GameError)
        -> QuortexState
    {
        guard state.outcome == nil else { throw .gameOver("the game is over") }
        guard state.position.seating.sides.indices.contains(seat) else {
            throw .invalidAction("there is no seat \(seat) in this \(state.players.count)-player game")
        }
        var next = state
        switch action {
        case .place(let placement): try next.place(placement, by: seat)
        case .resign: try next.resign(seat: seat)
        }
        return next
    }

    public static func legalActions(in state: QuortexState, for seat: Int) -> [QuortexAction]? {
        guard state.outcome == nil, state.position.seating.sides.indices.contains(seat) else { return [] }
        var actions: [QuortexAction] = []
        if seat == state.currentSeat {
            actions = state.position.legalPlacements.map(QuortexAction.place)
        }
        if state.position.isInPlay(camp: state.position.seating.campOfSeat[seat]) {
            actions.append(.resign)
        }
        return actions
    }

    public static func outcome(of state: QuortexState) -> GameOutcome? { state.outcome }

    public static func view(of state: QuortexState, for viewer: Viewer) -> QuortexView {
        QuortexView(state: state, viewer: viewer)
    }

    public static func outcome(in view: QuortexView) -> GameOutcome? { view.outcome }
}

extension WinType {
    /// A flow joined the winner's sides.
    public static let flow: WinType = "flow"
    /// The winner drew a tile that could go nowhere.
    public static let constraint: WinType = "constraint"
}

extension Quortex {
    public static func turnSeats(in state: QuortexState) -> [Int] { state.outcome == nil ? [state.currentSeat] : [] }

    /// The medium bot places the tile for an absent player.
    /// The lookahead bot's placement, from the public position (never the bag).
    public static func hint(for seat: Int, in state: QuortexState, random: inout GameRandom) -> QuortexAction? {
        guard seat == state.currentSeat, state.outcome == nil else { return nil }
        return QuortexBotKind.lookahead.bot.choosePlacement(in: view(of: state, for: .player(seat: seat)).position, random: &random)
            .map(QuortexAction.place)
    }

    public static func autopilotAction(for seat: Int, in state: QuortexState, random: inout GameRandom) -> QuortexAction? {
        guard seat == state.currentSeat else { return nil }
        return QuortexBotKind.heuristic.bot.choosePlacement(in: state.position, random: &random).map(QuortexAction.place)
    }

    public static func resignAction(for seat: Int, in state: QuortexState) -> QuortexAction? { .resign }
}

extension Quortex {
    /// For a winner: `flow_win_tiles`, the tiles on the board (everyone's) when their flow won, or
    /// `constraint_wins` 1 for a constraint victory.
    public static func statistics(of state: QuortexState, for seat: Int) -> [String: Int] {
        guard let outcome = state.outcome, outcome.winners.contains(seat) else { return [:] }
        switch outcome.winType {
        case .flow: return [QuortexStatistic.flowWinTiles: state.placements]
        case .constraint: return [QuortexStatistic.constraintWins: 1]
        default: return [:]
        }
    }

    public static var achievements: [AchievementDefinition] {
        AchievementDefinition.standard + [
            AchievementDefinition(
                key: "quick_flow", name: "Quick Flow", detail: "Win by flow with 12 or fewer tiles on the board.", points: 40,
                category: "skill", rule: .atMost(QuortexStatistic.flowWinTiles, atMost: 12)),
            AchievementDefinition(
                key: "constraint_victory", name: "Boxed In", detail: "Win because your tile could go nowhere.", points: 30,
                category: "skill", hidden: true, rule: .total(QuortexStatistic.constraintWins, atLeast: 1)),
        ]
    }

    public static var leaderboards: [LeaderboardDefinition] {
        LeaderboardDefinition.standard + [
            LeaderboardDefinition(
                metric: "fewest_tiles", name: "Fewest Tiles to a Flow Win", statistic: QuortexStatistic.flowWinTiles,
                aggregation: .best, order: .lowerIsBetter)
        ]
    }
}

/// The statistics Quortex reports of a finished game.
public enum QuortexStatistic {
    public static let flowWinTiles = "flow_win_tiles"
    public static let constraintWins = "constraint_wins"
}
