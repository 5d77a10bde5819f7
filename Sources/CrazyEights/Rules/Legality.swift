import GameCore

/// What the player to act may do, and why not when they may not. The reducer and
/// `legalActions` both ask these questions, so the list and the refusals always agree.
extension CrazyEightsState {
    func fits(_ card: Card) -> Bool {
        Matching.fits(card, on: topCard, suit: currentSuit, pendingPenalty: pendingPenalty)
    }

    /// Whether a draw would yield a card: the stock has one, or the discard pile has cards under
    /// its top one to reshuffle.
    public var stockCanGive: Bool {
        !stock.isEmpty || (settings.reshuffleDiscard && discard.count > 1)
    }

    /// Every card of `seat`'s hand that fits, each once, as a refusal names them ("6H or 6C"):
    /// naming one of several would send the player looking for the others.
    func playableText(_ seat: Int) -> String? {
        let cards = Set(hands[seat]).sorted().filter(fits).map(\.notation)
        guard let last = cards.last else { return nil }
        return cards.count == 1 ? last : cards.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Why `seat` (the player to act) may not draw now, or nil when they may.
    ///
    /// Drawing is strict: only without a playable card, so "draw until playable" means exactly
    /// that. A pending two-penalty is the exception: it may always be taken instead of stacking.
    func drawRefusal(_ seat: Int) -> String? {
        if pendingPenalty == 0 {
            if let playable = playableText(seat) {
                return "you can play \(playable), so you may not draw"
            }
            if let limit = settings.maxDrawsPerTurn, drawsThisTurn >= limit {
                return "you have drawn \(drawsThisTurn) \(drawsThisTurn == 1 ? "card" : "cards") this turn, the most allowed; pass"
            }
            if settings.drawRule == .oneThenPass, drawsThisTurn > 0 {
                return "you have drawn your one card this turn; pass"
            }
        }
        guard stockCanGive else {
            return settings.reshuffleDiscard
                ? "the stock is empty and the discard pile has nothing under its top card to reshuffle"
                : "the stock is empty (the discard pile is not reshuffled in this game)"
        }
        return nil
    }

    /// Why `seat` (the player to act) may not pass now, or nil when they may: passing is only
    /// for a player who can neither play nor draw.
    func passRefusal(_ seat: Int) -> String? {
        if let playable = playableText(seat) {
            return "you can play \(playable), so you may not pass"
        }
        if drawRefusal(seat) == nil {
            return pendingPenalty > 0
                ? "a two was played on you: stack a two or draw \(pendingPenalty) cards"
                : "you can still draw, so you may not pass"
        }
        return nil
    }

    /// Every distinct legal action of `seat`: none unless it is their turn; otherwise each
    /// playable card once (an eight once per suit it may name), then draw, or pass when neither
    /// is possible.
    func legalActions(for seat: Int) -> [CrazyEightsAction] {
        guard outcome == nil, seat == turn, hands.indices.contains(turn) else { return [] }
        var actions: [CrazyEightsAction] = []
        for card in Set(hands[turn]).sorted() where fits(card) {
            if card.rank == .eight {
                actions += Suit.allCases.map { .play(card, namedSuit: $0) }
            } else {
                actions.append(.play(card))
            }
        }
        if drawRefusal(turn) == nil { actions.append(.draw) }
        if actions.isEmpty { actions.append(.pass) }
        return actions
    }
}
