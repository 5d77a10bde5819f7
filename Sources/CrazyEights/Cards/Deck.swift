/// The cards a game is played with.
public enum Deck {
    /// One standard 52-card deck, in a fixed order (the shuffle comes from the game's generator).
    public static let standard: [Card] = Suit.allCases.flatMap { suit in Rank.allCases.map { Card($0, suit) } }

    /// Six or more players need more cards to go round, so they play with two decks.
    public static func deckCount(players: Int) -> Int { players >= 6 ? 2 : 1 }

    /// Every card of the game, unshuffled: 52 or 104.
    public static func cards(players: Int) -> [Card] {
        Array(repeating: standard, count: deckCount(players: players)).flatMap { $0 }
    }
}

extension Sequence<Card> {
    /// What these cards cost at the end of a round.
    public var points: Int { reduce(0) { $0 + $1.points } }
}
