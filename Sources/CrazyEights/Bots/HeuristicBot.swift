import GameCore

/// Plays as a careful player who watches the table would: keeps eights as a last resort, sheds
/// high-point cards first, steers the play into the suit it holds most of, and above all leads
/// the next player into a suit they are known or likely to lack (see `TableReading`), naming
/// such a suit with an eight too. In party games it keeps its twos to stack or to hit a player
/// about to go out, and uses queens and aces to stop such a player (or, heads-up, for the extra
/// turn they give). It is stateless: all it knows comes from the view and its round log.
/// Equal choices go to the first in suit-then-rank order, so it needs no randomness but for an
/// eight named from a hand of nothing but eights.
public struct HeuristicBot: CrazyEightsBot {
    public let name = "heuristic"
    var weights = Weights()

    /// How much each consideration counts; one set for every game, kept together for tuning.
    /// `stuck` is what lifts the bot clearly above the random one in 2-player rounds; the exact
    /// values within a factor of two hardly matter (docs/performance.md has the measurements).
    struct Weights {
        /// Per card the bot would still hold in the suit a play sets.
        var support = 4
        /// For leaving the next player certain to draw; a likely draw counts in proportion.
        var stuck = 60.0
        /// The same when the next player holds at most two cards, who would otherwise soon go out.
        var stuckClose = 100.0
        /// Per card of a suit the bot holds, when naming it with an eight.
        var namedSupport = 10.0
    }

    public init() {}

    init(weights: Weights) { self.weights = weights }

    public func chooseAction(in view: CrazyEightsView, random: inout GameRandom) -> CrazyEightsAction? {
        let plays = view.legalActions.compactMap { action -> Card? in
            if case .play(let card, _) = action { card } else { nil }
        }
        guard !plays.isEmpty else {
            return view.legalActions.contains(.draw) ? .draw : view.legalActions.first
        }
        let reading = TableReading(view)
        // Under a two-penalty the only plays are twos, and stacking one always beats drawing.
        let ordinary = plays.filter { $0.rank != .eight }
        if let best = ordinary.max(by: { score($0, in: view, reading) < score($1, in: view, reading) }) {
            return .play(best)
        }
        guard let eight = plays.first else { return nil }
        return .play(eight, namedSuit: suitToName(in: view, reading, after: eight, random: &random))
    }

    /// How much the bot wants to play `card` now: its points (better shed than caught holding),
    /// plus the cards it would still hold in the suit the card sets, plus the chance the next
    /// player cannot answer it, plus a party card's threat.
    func score(_ card: Card, in view: CrazyEightsView, _ reading: TableReading) -> Double {
        let support = view.hand.filter { $0.suit == card.suit && $0 != card && $0.rank != .eight }.count
        let base = card.points + weights.support * support + partyBonus(card, in: view)
        return Double(base) + stuckBonus(suit: card.suit, rank: card.rank, in: view, reading)
    }

    /// The weighted chance that the next player will have to draw on `suit` and `rank`.
    func stuckBonus(suit: Suit, rank: Rank?, in view: CrazyEightsView, _ reading: TableReading) -> Double {
        guard let me = view.turn else { return 0 }
        let next = view.seat(after: me)
        guard next != me, view.handCounts.indices.contains(next), reading.noEights.indices.contains(next) else { return 0 }
        let chance = reading.chanceStuck(seat: next, suit: suit, rank: rank, handSize: view.handCounts[next])
        return chance * (view.handCounts[next] <= 2 ? weights.stuckClose : weights.stuck)
    }

    /// Twos, queens and aces are worth most against a player close to going out. Otherwise a two
    /// is better kept, to stack when one is played on the bot; with two players a queen or ace is
    /// an extra turn, worth a little any time.
    func partyBonus(_ card: Card, in view: CrazyEightsView) -> Int {
        guard let me = view.turn else { return 0 }
        let next = view.seat(after: me)
        let previous = view.seat(after: me, steps: -1)
        // A view decoded from elsewhere might not have a count for every seat.
        guard view.handCounts.indices.contains(next), view.handCounts.indices.contains(previous) else { return 0 }
        let nextIsClose = view.handCounts[next] <= 2
        let twoPlayers = view.players.count == 2
        switch card.rank {
        case .two where view.settings.twoDrawsTwo:
            return nextIsClose ? 30 : -20
        case .queen where view.settings.queenSkips:
            return nextIsClose ? 30 : (twoPlayers ? 6 : 0)
        case .ace where view.settings.aceReverses:
            if twoPlayers { return nextIsClose ? 30 : 6 }
            // Reversing helps only if the player it makes next is further from going out.
            return nextIsClose && view.handCounts[previous] > view.handCounts[next] ? 25 : 0
        default:
            return 0
        }
    }

    /// The suit the bot can best follow itself (most cards left, then most points to shed) and
    /// the next player can least; an eight-only hand, or a table stuck playing eights, names one
    /// at random.
    func suitToName(in view: CrazyEightsView, _ reading: TableReading, after eight: Card, random: inout GameRandom) -> Suit {
        var rest = view.hand
        if let index = rest.firstIndex(of: eight) { rest.remove(at: index) }
        rest.removeAll { $0.rank == .eight }
        // A whole table of eights in a row means everyone is drawing eights and naming a suit the
        // next player lacks, which can go on for ever once the stock holds nothing else: a suit
        // at random breaks the cycle.
        guard !rest.isEmpty, reading.eightStreak < view.players.count else {
            return random.element(of: Suit.allCases) ?? eight.suit
        }
        func weight(_ suit: Suit) -> (Double, Int) {
            let cards = rest.filter { $0.suit == suit }
            let value = weights.namedSupport * Double(cards.count) + stuckBonus(suit: suit, rank: nil, in: view, reading)
            return (value, cards.points)
        }
        return Suit.allCases.max { weight($0) < weight($1) } ?? eight.suit
    }
}
