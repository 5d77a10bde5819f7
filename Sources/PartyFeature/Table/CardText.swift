import AppFoundation
import CrazyEights
import GameCore

/// Cards as a table says them: `7♣`, `10♥`, and suits as `♣ clubs`. The rules name cards in
/// notation (`7C`); a player reads them the way the hand shows them, refusals included.
public enum CardText {
    public static func symbol(_ suit: Suit) -> String {
        switch suit {
        case .clubs: "♣"
        case .diamonds: "♦"
        case .hearts: "♥"
        case .spades: "♠"
        }
    }

    /// `7♣`.
    public static func text(_ card: Card) -> String { card.rank.symbol + symbol(card.suit) }

    /// `♥ hearts`.
    public static func text(_ suit: Suit) -> String { symbol(suit) + " " + suit.rawValue }

    /// Hearts and diamonds, which a face shows in red.
    public static func isRed(_ suit: Suit) -> Bool { suit == .hearts || suit == .diamonds }

    /// A refusal in the table's words, with every card the rules named in notation said as the
    /// hand shows it: "Not allowed: you can play 9♥ or 10♠, so you may not pass".
    public static func explain(_ error: GameError) -> String {
        TableWording.explain(error).replacing(/\b(10|[2-9AJQK])([CDHS])\b/) { match in
            (try? Card(notation: String(match.output.0))).map(text) ?? String(match.output.0)
        }
    }
}
