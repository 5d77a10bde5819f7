import GameCore

/// What a player or spectator sees: their own hand, how many cards everyone holds, the discard
/// pile's top, the public counters and the round's public log. Never another hand's cards, a
/// card another seat drew, the stock's order or the generator.
public struct CrazyEightsView: Codable, Equatable, Sendable {
    public var viewer: Viewer
    public var players: [GamePlayer]
    /// The viewer's cards, sorted by suit then rank; empty for a spectator.
    public var hand: [Card]
    /// How many cards each seat holds.
    public var handCounts: [Int]
    /// Nil only for a state that was never dealt.
    public var topCard: Card?
    /// The suit to follow: the top card's, or the suit named with an eight.
    public var currentSuit: Suit
    public var discardCount: Int
    public var stockCount: Int
    /// The seat to act; nil once the match is over.
    public var turn: Int?
    public var direction: TurnDirection
    public var pendingPenalty: Int
    public var drawsThisTurn: Int
    public var dealer: Int
    public var scores: [Int]
    public var round: Int
    public var lastRound: RoundResult?
    /// This round's public events, oldest first: plays, draw counts and passes, never a drawn
    /// card. Empty when decoded from a sender that predates it.
    public var roundLog: [PublicEvent]
    public var settings: CrazyEightsSettings
    public var outcome: GameOutcome?
    /// The viewer's legal actions when it is their turn, otherwise empty.
    public var legalActions: [CrazyEightsAction]

    public init(state: CrazyEightsState, viewer: Viewer) {
        let own = viewer.seat.flatMap { state.hands.indices.contains($0) ? $0 : nil }
        self.viewer = viewer
        players = state.players
        hand = own.map { state.hands[$0].sorted() } ?? []
        handCounts = state.hands.map(\.count)
        topCard = state.topCard
        currentSuit = state.currentSuit
        discardCount = state.discard.count
        stockCount = state.stock.count
        turn = state.isOver ? nil : state.turn
        direction = state.direction
        pendingPenalty = state.pendingPenalty
        drawsThisTurn = state.drawsThisTurn
        dealer = state.dealer
        scores = state.scores
        round = state.round
        lastRound = state.rounds.last
        roundLog = state.roundLog
        settings = state.settings
        outcome = state.outcome
        legalActions = own.map { state.legalActions(for: $0) } ?? []
    }

    /// The seat `steps` places after `seat` in the current direction.
    public func seat(after seat: Int, steps: Int = 1) -> Int {
        direction.seat(after: seat, steps: steps, players: players.count)
    }

    /// Whether `card` may go on the discard pile now (ignoring whose turn it is).
    public func fits(_ card: Card) -> Bool {
        Matching.fits(card, on: topCard, suit: currentSuit, pendingPenalty: pendingPenalty)
    }
}
