import Foundation

/// A Crazy Eights table as anyone watching sees it, read from the engine's spectator view: how
/// many cards each seat holds, the discard pile's top, the suit to follow and whose turn it is.
/// The spectator view holds no hand, and this reads none: no player's cards can reach the page.
struct CrazyEightsTable {
    struct Seat {
        var number: Int
        var name: String
        var cards: Int
        var score: String
        var toMove: Bool
    }

    var seats: [Seat]
    var topCard: String
    var topCardRed: Bool
    var suit: String
    var suitRed: Bool
    var stock: Int
    var discard: Int
    var direction: String
    var round: Int
    var penalty: Int?
    var turn: String

    /// The view's fields this table reads; nil when the JSON is not a Crazy Eights view.
    private struct View: Decodable {
        struct Player: Decodable { var name: String }
        var players: [Player]
        var handCounts: [Int]
        var topCard: String?
        var currentSuit: String
        var discardCount: Int
        var stockCount: Int
        var turn: Int?
        var direction: String?
        var pendingPenalty: Int?
        var scores: [Int]?
        var round: Int?
    }

    init?(json: Data, over: Bool) {
        let decoder = JSONDecoder()
        // Snake-case keys are read too, should the view ever be sent in the wire's spelling.
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let view = try? decoder.decode(View.self, from: json) else { return nil }
        let turn = over ? nil : view.turn
        seats = view.handCounts.enumerated().map { seat, count in
            Seat(
                number: seat + 1, name: view.players.indices.contains(seat) ? view.players[seat].name : "Seat \(seat + 1)", cards: count,
                score: view.scores.flatMap { $0.indices.contains(seat) ? String($0[seat]) : nil } ?? "", toMove: turn == seat)
        }
        topCard = view.topCard.map(Self.card) ?? "–"
        topCardRed = view.topCard.map { $0.hasSuffix("H") || $0.hasSuffix("D") } ?? false
        suit = Self.suitName(view.currentSuit)
        suitRed = view.currentSuit == "hearts" || view.currentSuit == "diamonds"
        stock = view.stockCount
        discard = view.discardCount
        direction = view.direction ?? ""
        round = view.round ?? 1
        penalty = view.pendingPenalty.flatMap { $0 > 0 ? $0 : nil }
        self.turn = turn.map { seat in view.players.indices.contains(seat) ? view.players[seat].name : "Seat \(seat + 1)" } ?? "Nobody: the game is over"
    }

    /// `8H` as `8♥`.
    static func card(_ notation: String) -> String {
        guard let letter = notation.last else { return notation }
        let symbol: String =
            switch letter {
            case "H": "♥"
            case "D": "♦"
            case "C": "♣"
            case "S": "♠"
            default: String(letter)
            }
        return notation.dropLast() + symbol
    }

    static func suitName(_ suit: String) -> String {
        switch suit {
        case "hearts": "♥ hearts"
        case "diamonds": "♦ diamonds"
        case "clubs": "♣ clubs"
        case "spades": "♠ spades"
        default: suit
        }
    }
}
