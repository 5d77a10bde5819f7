import GameCore

/// Plays as a careful beginner would: keeps eights as a last resort, sheds high-point cards
/// first, steers the play into the suit it holds most of (and names that suit with an eight),
/// and in party games keeps its twos to stack or to hit a player about to go out, and uses
/// queens and aces to stop such a player (or, heads-up, for the extra turn they give).
/// Equal choices go to the first in suit-then-rank order, so it needs no randomness but for an
/// eight named from a hand of nothing but eights.
public struct HeuristicBot: CrazyEightsBot {
    public let name = "heuristic"

    public init() {}

    public func chooseAction(in view: CrazyEightsView, random: inout GameRandom) -> CrazyEightsAction? {
        let plays = view.legalActions.compactMap { action -> Card? in
            if case .play(let card, _) = action { card } else { nil }
        }
        guard !plays.isEmpty else {
            return view.legalActions.contains(.draw) ? .draw : view.legalActions.first
        }
        // Under a two-penalty the only plays are twos, and stacking one always beats drawing.
        let ordinary = plays.filter { $0.rank != .eight }
        if let best = ordinary.max(by: { score($0, in: view) < score($1, in: view) }) {
            return .play(best)
        }
        guard let eight = plays.first else { return nil }
        return .play(eight, namedSuit: suitToName(keeping: view.hand, after: eight, random: &random))
    }

    /// How much the bot wants to play `card` now: its points (better shed than caught holding),
    /// plus the cards it would still hold in the suit the card sets, plus a party card's threat.
    func score(_ card: Card, in view: CrazyEightsView) -> Int {
        let support = view.hand.filter { $0.suit == card.suit && $0 != card && $0.rank != .eight }.count
        return card.points + 4 * support + partyBonus(card, in: view)
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

    /// The suit of which the rest of the hand holds most (then most points, to shed them); an
    /// eight-only hand names a suit at random.
    func suitToName(keeping hand: [Card], after eight: Card, random: inout GameRandom) -> Suit {
        var rest = hand
        if let index = rest.firstIndex(of: eight) { rest.remove(at: index) }
        rest.removeAll { $0.rank == .eight }
        guard !rest.isEmpty else { return random.element(of: Suit.allCases) ?? eight.suit }
        func weight(_ suit: Suit) -> (Int, Int) {
            let cards = rest.filter { $0.suit == suit }
            return (cards.count, cards.points)
        }
        return Suit.allCases.max { weight($0) < weight($1) } ?? eight.suit
    }
}
