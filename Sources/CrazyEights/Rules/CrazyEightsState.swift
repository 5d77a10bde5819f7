import GameCore

/// The authoritative state of a match, secrets included: every hand, the stock's order and the
/// generator. Players receive a `CrazyEightsView` instead.
///
/// Across hands, stock and discard pile the cards are always exactly the game's deck or decks.
public struct CrazyEightsState: Codable, Equatable, Sendable {
    public var players: [GamePlayer]
    public var settings: CrazyEightsSettings
    /// Each seat's cards, in the order they were received. Secret except to their owner.
    public var hands: [[Card]]
    /// Face down; the next card drawn is the last. Secret.
    public var stock: [Card]
    /// Face up; the top card is the last.
    public var discard: [Card]
    /// The suit to follow: the top card's, or the one named when the top card is an eight.
    public var currentSuit: Suit
    /// The seat to act. After the match it stays where the last round left it.
    public var turn: Int
    public var direction: TurnDirection
    /// Cards the player to act must draw unless they stack a two (party twos).
    public var pendingPenalty: Int
    /// Cards drawn so far in this turn (not counting a penalty).
    public var drawsThisTurn: Int
    /// Passes in a row made while the stock could give nothing; a full table of them blocks the round.
    public var blockedPasses: Int
    public var dealer: Int
    /// 1 for the first round.
    public var round: Int
    public var scores: [Int]
    /// Every finished round, oldest first.
    public var rounds: [RoundResult]
    /// What this round's players saw happen, oldest first (see `PublicEvent` and `RoundLog`).
    /// Derived from the actions, so records replay to it; emptied by each deal, so once the match
    /// is over it still shows the last round.
    public var roundLog: [PublicEvent]
    /// Per seat, whether it has drawn a card (penalties too) this round; what
    /// ``RoundResult/drew`` keeps. Nil in states recorded before it was kept.
    public var drewThisRound: [Bool]? = nil
    public var outcome: GameOutcome?
    /// Secret, like the stock: its state would predict every later shuffle.
    public var random: GameRandom

    public var isOver: Bool { outcome != nil }
    public var playerCount: Int { players.count }
    public var topCard: Card? { discard.last }

    /// The seat after `seat` in the current direction.
    public func seat(after seat: Int, steps: Int = 1) -> Int {
        direction.seat(after: seat, steps: steps, players: playerCount)
    }

    /// Whether the per-seat arrays agree, so a state decoded from elsewhere cannot make the
    /// reducer index out of range.
    var isConsistent: Bool {
        !players.isEmpty && hands.count == players.count && scores.count == players.count
            && hands.indices.contains(turn) && hands.indices.contains(dealer)
    }

    /// Hands, stock and discard pile together: a conservation check for tests and debugging.
    public var allCards: [Card] { hands.flatMap { $0 } + stock + discard }
}
