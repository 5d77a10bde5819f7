/// One of the four French suits. In JSON and in action notation a suit is its lowercase name
/// (`hearts`); inside a card's short notation it is its initial (`H`).
public enum Suit: String, Codable, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case clubs, diamonds, hearts, spades

    /// The capital initial used in card notation: C, D, H or S.
    public var letter: Character {
        switch self {
        case .clubs: "C"
        case .diamonds: "D"
        case .hearts: "H"
        case .spades: "S"
        }
    }

    public init?(letter: Character) {
        guard let suit = Suit.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = suit
    }

    public var description: String { rawValue }

    /// Bridge order (clubs, diamonds, hearts, spades), for sorting a hand for display.
    public static func < (lhs: Suit, rhs: Suit) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
