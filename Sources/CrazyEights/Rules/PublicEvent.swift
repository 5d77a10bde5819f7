import GameCore

/// One thing that happened at the table this round, as every player saw it: a card played, a
/// number of cards drawn, a pass. A client animates opponents' moves from it and a bot infers
/// what an opponent lacks; it never names a drawn card, which only its owner saw.
///
/// On the wire an event is one string, the seat first, words separated by one space:
///
///     <seat> play <card>                 1 play 7H
///     <seat> play <card> <suit>          1 play 8S hearts
///     <seat> draw <count> <suit> <rank>  2 draw 3 hearts 9   (drew 3 failing to follow hearts or 9)
///     <seat> draw <count> <suit>         the same with no top card (a position that was never dealt)
///     <seat> penalty <count>             0 penalty 4          (took a two-penalty; implies nothing)
///     <seat> pass                        0 pass
///
/// `<card>` and `<suit>` are written as in action notation; `<rank>` is the rank as in card
/// notation (A, 2–10, J, Q, K). A rank alone is never a card, so the log names no card but played ones.
public enum PublicEvent: Hashable, Sendable, CustomStringConvertible {
    case played(seat: Int, card: Card, namedSuit: Suit?)
    /// An ordinary draw of `count` cards in one turn by a seat that held nothing to follow
    /// `suit` (the suit to follow then) or `rank` (the top card's rank then), nor an eight.
    case drew(seat: Int, count: Int, suit: Suit, rank: Rank?)
    /// Cards taken for a two-penalty: the seat may have held anything.
    case tookPenalty(seat: Int, count: Int)
    case passed(seat: Int)

    public var seat: Int {
        switch self {
        case .played(let seat, _, _), .drew(let seat, _, _, _), .tookPenalty(let seat, _), .passed(let seat): seat
        }
    }

    public var notation: String {
        switch self {
        case .played(let seat, let card, nil): "\(seat) play \(card.notation)"
        case .played(let seat, let card, let suit?): "\(seat) play \(card.notation) \(suit.rawValue)"
        case .drew(let seat, let count, let suit, nil): "\(seat) draw \(count) \(suit.rawValue)"
        case .drew(let seat, let count, let suit, let rank?): "\(seat) draw \(count) \(suit.rawValue) \(rank.symbol)"
        case .tookPenalty(let seat, let count): "\(seat) penalty \(count)"
        case .passed(let seat): "\(seat) pass"
        }
    }

    public init(notation text: String) throws(GameError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        func number(_ word: String, _ what: String) throws(GameError) -> Int {
            guard let value = Int(word), value >= 0 else {
                throw .corruptedPayload("\"\(word)\" is not a \(what) in the event \"\(text)\"; write a whole number")
            }
            return value
        }
        func suit(_ word: String) throws(GameError) -> Suit {
            guard let suit = Suit(rawValue: word) else {
                throw .corruptedPayload("\"\(word)\" is not a suit in the event \"\(text)\"; name clubs, diamonds, hearts or spades")
            }
            return suit
        }
        guard words.count >= 2 else { throw Self.malformed(text) }
        let seat = try number(words[0], "seat")
        switch (words[1], words.count) {
        case ("play", 3): self = .played(seat: seat, card: try Card(notation: words[2]), namedSuit: nil)
        case ("play", 4): self = .played(seat: seat, card: try Card(notation: words[2]), namedSuit: try suit(words[3]))
        case ("draw", 4): self = .drew(seat: seat, count: try number(words[2], "count"), suit: try suit(words[3]), rank: nil)
        case ("draw", 5):
            guard let rank = Rank(symbol: Substring(words[4])) else {
                throw .corruptedPayload("\"\(words[4])\" is not a rank in the event \"\(text)\"; write A, 2–10, J, Q or K")
            }
            self = .drew(seat: seat, count: try number(words[2], "count"), suit: try suit(words[3]), rank: rank)
        case ("penalty", 3): self = .tookPenalty(seat: seat, count: try number(words[2], "count"))
        case ("pass", 2): self = .passed(seat: seat)
        default: throw Self.malformed(text)
        }
    }

    static func malformed(_ text: String) -> GameError {
        .corruptedPayload(
            "\"\(text)\" is not a Crazy Eights event; write \"1 play 7H\", \"1 play 8S hearts\", \"2 draw 3 hearts 9\", \"0 penalty 4\" or \"0 pass\"")
    }

    public var description: String { notation }
}

extension PublicEvent: NotationCodable {}
