import GameCore

/// Crazy Eights: a shedding game for 2–8 players and the flagship of OneForTheBoys. Players follow
/// the top card of the discard pile by suit or rank; eights are wild and name the suit to follow.
/// The first to empty their hand wins the round and scores what the others still hold; rounds go
/// on until someone reaches the target score.
///
/// This module is the whole rulebook: cards (`Cards/`), settings, dealing, legality, scoring and
/// views (`Rules/`), and bots with self-play (`Bots/`). It is pure Swift with no I/O; all chance
/// comes from the `GameRandom` kept in the state.
public enum CrazyEights: GameModule {
    public typealias Settings = CrazyEightsSettings
    public typealias State = CrazyEightsState
    public typealias Action = CrazyEightsAction
    public typealias View = CrazyEightsView

    public static let gameType: GameType = "crazy-eights"
    public static let engineVersion = 1

    public static let catalogEntry = GameCatalogEntry(
        id: gameType, displayName: "Crazy Eights", symbol: "suit.club.fill", minPlayers: 2, maxPlayers: 8, difficulty: .easy)

    public static let policy = GamePolicy(
        minPlayers: 2, maxPlayers: 8, isTurnBased: true, allowsRejoin: true, supportsSpectators: true)

    public static func defaultSettings(playerCount: Int) -> CrazyEightsSettings { .classic }

    /// Draws the first dealer, then deals round 1. The generator stays in the state for every
    /// later shuffle (next rounds, reshuffled discard piles, buried eights).
    public static func initialState(players: [GamePlayer], settings: CrazyEightsSettings, seed: GameSeed)
        throws(GameError) -> CrazyEightsState
    {
        try checkVersion(of: settings)
        try checkPlayerCount(players.count)
        try settings.validate(players: players.count)
        var random = GameRandom(seed: seed)
        let dealer = random.nextInt(below: players.count)
        var state = CrazyEightsState(players: players, settings: settings, dealer: dealer, random: random)
        state.dealRound()
        return state
    }

    public static func reduce(_ state: CrazyEightsState, _ action: CrazyEightsAction, by seat: Int)
        throws(GameError) -> CrazyEightsState
    {
        guard state.outcome == nil else { throw .gameOver("the match is over") }
        guard state.isConsistent else { throw .desync("the game state is inconsistent") }
        guard state.hands.indices.contains(seat) else {
            throw .invalidAction("there is no seat \(seat) in this \(state.playerCount)-player game")
        }
        guard seat == state.turn else {
            throw .notYourTurn("it is seat \(state.turn)'s turn, not seat \(seat)'s")
        }
        var next = state
        switch action {
        case .play(let card, let namedSuit): try next.play(card, namedSuit: namedSuit, by: seat)
        case .draw: try next.draw(by: seat)
        case .pass: try next.pass(by: seat)
        }
        return next
    }

    /// Empty when it is not `seat`'s turn or the match is over; never nil.
    public static func legalActions(in state: CrazyEightsState, for seat: Int) -> [CrazyEightsAction]? {
        state.legalActions(for: seat)
    }

    public static func outcome(of state: CrazyEightsState) -> GameOutcome? { state.outcome }

    public static func view(of state: CrazyEightsState, for viewer: Viewer) -> CrazyEightsView {
        CrazyEightsView(state: state, viewer: viewer)
    }

    /// The outcome as a view shows it, so a client holding only its view knows the match ended.
    public static func outcome(in view: CrazyEightsView) -> GameOutcome? { view.outcome }
}

extension CrazyEights {
    public static func turnSeats(in state: CrazyEightsState) -> [Int] { state.outcome == nil ? [state.turn] : [] }

    /// The heuristic bot plays an absent player's hand, from that player's own view.
    /// The heuristic bot's choice, from the seat's own view (its hand, never the others').
    public static func hint(for seat: Int, in state: CrazyEightsState, random: inout GameRandom) -> CrazyEightsAction? {
        guard turnSeats(in: state).contains(seat) else { return nil }
        return CrazyEightsBotKind.heuristic.bot.chooseAction(in: view(of: state, for: .player(seat: seat)), random: &random)
    }

    public static func autopilotAction(for seat: Int, in state: CrazyEightsState, random: inout GameRandom) -> CrazyEightsAction? {
        CrazyEightsBotKind.heuristic.bot.chooseAction(in: view(of: state, for: .player(seat: seat)), random: &random)
    }
}

extension CrazyEights {
    /// `clean_rounds`: rounds the seat went out of without drawing a card; `match_points`: its
    /// final score.
    public static func statistics(of state: CrazyEightsState, for seat: Int) -> [String: Int] {
        guard state.scores.indices.contains(seat) else { return [:] }
        let clean = state.rounds.filter { round in
            !round.blocked && round.winners.contains(seat) && round.drew.map { $0.indices.contains(seat) && !$0[seat] } == true
        }
        return [CrazyEightsStatistic.cleanRounds: clean.count, CrazyEightsStatistic.matchPoints: state.scores[seat]]
    }

    public static var achievements: [AchievementDefinition] {
        AchievementDefinition.standard + [
            AchievementDefinition(
                key: "clean_round", name: "Clean Hands", detail: "Win a round without drawing a card.", points: 20, category: "skill",
                rule: .total(CrazyEightsStatistic.cleanRounds, atLeast: 1)),
            AchievementDefinition(
                key: "clean_rounds_10", name: "Never Drew", detail: "Win 10 rounds without drawing a card.", points: 50, category: "skill",
                hidden: true, rule: .total(CrazyEightsStatistic.cleanRounds, atLeast: 10)),
        ]
    }

    public static var leaderboards: [LeaderboardDefinition] {
        LeaderboardDefinition.standard + [
            LeaderboardDefinition(
                metric: "best_score", name: "Best Match Score", statistic: CrazyEightsStatistic.matchPoints, aggregation: .best)
        ]
    }
}

/// The statistics Crazy Eights reports of a finished match.
public enum CrazyEightsStatistic {
    public static let cleanRounds = "clean_rounds"
    public static let matchPoints = "match_points"
}
