/// A card's rank, ace low. The raw value is the face value of the number cards.
public enum Rank: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case ace = 1, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

    /// The rank as written in card notation: A, 2 … 10, J, Q, K.
    public var symbol: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    public init?(symbol: Substring) {
        guard let rank = Rank.allCases.first(where: { $0.symbol == symbol }) else { return nil }
        self = rank
    }

    /// What the card costs the player left holding it when a round ends: eights 50, court
    /// cards 10, aces 1, the rest their face value.
    public var points: Int {
        switch self {
        case .eight: 50
        case .jack, .queen, .king: 10
        default: rawValue
        }
    }

    /// The English name, for messages: "ace", "7", "queen".
    public var description: String {
        switch self {
        case .ace: "ace"
        case .jack: "jack"
        case .queen: "queen"
        case .king: "king"
        default: String(rawValue)
        }
    }

    public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
}
