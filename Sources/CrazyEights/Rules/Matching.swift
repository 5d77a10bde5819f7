/// The one matching rule, shared by the reducer, the legal-move list and the client's prediction so
/// they can never disagree.
enum Matching {
    /// Whether `card` may go on `top` when `suit` is the suit to follow. Under a pending
    /// two-penalty only a two may be played (stacking); otherwise an eight always fits, and
    /// any other card must follow the suit or match the top card's rank.
    static func fits(_ card: Card, on top: Card?, suit: Suit, pendingPenalty: Int) -> Bool {
        if pendingPenalty > 0 { return card.rank == .two }
        return card.rank == .eight || card.suit == suit || card.rank == top?.rank
    }

    /// Why `card` does not fit, in words a player understands.
    static func refusal(_ card: Card, on top: Card?, suit: Suit, pendingPenalty: Int) -> String {
        if pendingPenalty > 0 {
            return "a two was played on you: stack a two or draw \(pendingPenalty) cards; \(card.notation) is not a two"
        }
        guard let top else { return "\(card.notation) does not follow \(suit)" }
        if top.suit == suit { return "\(card.notation) does not match \(top.name)" }
        return "\(card.notation) does not match \(top.name), with \(suit) named"
    }

    /// An eight must name a suit; any other card must not.
    static func namingProblem(_ card: Card, namedSuit: Suit?) -> String? {
        switch (card.rank == .eight, namedSuit) {
        case (true, nil): "an eight must name the suit to follow, like \"play \(card.notation) hearts\""
        case (false, .some): "only an eight names a suit; play \(card.notation) without one"
        default: nil
        }
    }
}
