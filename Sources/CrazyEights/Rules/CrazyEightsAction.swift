import GameCore

/// What the player whose turn it is can do.
///
/// Actions travel as notation, one of:
///
///     play <card>            play 7H · play 10S · play QD
///     play <card> <suit>     play 8S hearts   (an eight, naming the suit to follow)
///     draw                   draw a card, or take the whole pending two-penalty
///     pass                   end the turn when nothing can be played or drawn
///
/// `<card>` is the card notation (rank A, 2–10, J, Q, K then suit C, D, H, S) and `<suit>` is
/// `clubs`, `diamonds`, `hearts` or `spades`. Words are lowercase, separated by one space; there
/// is exactly one spelling of each action. Whether a suit may or must be named is a rule checked
/// by the reducer, not the grammar, so `play 7H hearts` parses and is then refused with a reason.
public enum CrazyEightsAction: Hashable, Sendable, CustomStringConvertible {
    case play(Card, namedSuit: Suit?)
    case draw
    case pass

    /// Playing a card that names no suit (anything but an eight).
    public static func play(_ card: Card) -> CrazyEightsAction { .play(card, namedSuit: nil) }

    public var notation: String {
        switch self {
        case .play(let card, nil): "play \(card.notation)"
        case .play(let card, let suit?): "play \(card.notation) \(suit.rawValue)"
        case .draw: "draw"
        case .pass: "pass"
        }
    }

    public init(notation text: String) throws(GameError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        switch words.first {
        case "draw"? where words.count == 1: self = .draw
        case "pass"? where words.count == 1: self = .pass
        case "play"? where words.count == 2 || words.count == 3:
            let card = try Card(notation: String(words[1]))
            guard words.count == 3 else {
                self = .play(card)
                return
            }
            guard let suit = Suit(rawValue: String(words[2])) else {
                throw .corruptedPayload("\"\(words[2])\" is not a suit; name clubs, diamonds, hearts or spades")
            }
            self = .play(card, namedSuit: suit)
        default:
            throw .corruptedPayload(
                "\"\(text)\" is not a Crazy Eights action; write \"play 7H\", \"play 8S hearts\", \"draw\" or \"pass\"")
        }
    }

    public var description: String { notation }
}

extension CrazyEightsAction: NotationCodable {}
