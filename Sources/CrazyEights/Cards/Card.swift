import GameCore

/// A playing card. With six or more players two decks are used, and their duplicates are the same
/// card: hands, stock and discard pile are multisets, so two `8H` are interchangeable.
///
/// On the wire a card is its short notation, rank then suit initial: `8H`, `10S`, `QD`, `AC`.
public struct Card: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rank: Rank
    public var suit: Suit

    public init(_ rank: Rank, _ suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// `8H`, `10S`, `QD`, `AC`.
    public var notation: String { rank.symbol + String(suit.letter) }

    /// Parses the short notation; only the canonical spelling is accepted (no `T` for ten, no
    /// lowercase), so every card has exactly one form on the wire.
    public init(notation text: String) throws(GameError) {
        guard let letter = text.last, let suit = Suit(letter: letter), let rank = Rank(symbol: text.dropLast()) else {
            throw .corruptedPayload(
                "\"\(text)\" is not a card; write a rank (A, 2–10, J, Q, K) and a suit (C, D, H, S), like 8H, 10S or QD")
        }
        self.init(rank, suit)
    }

    public var points: Int { rank.points }

    /// For people: "the 9 of spades", "the queen of hearts".
    public var name: String { "the \(rank) of \(suit)" }

    public var description: String { notation }

    /// By suit, then rank: how a hand is laid out for display.
    public static func < (lhs: Card, rhs: Card) -> Bool {
        (lhs.suit, lhs.rank) < (rhs.suit, rhs.rank)
    }
}

extension Card: NotationCodable {}
