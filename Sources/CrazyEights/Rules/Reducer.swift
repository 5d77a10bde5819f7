import GameCore

/// The reducer's steps, on a copy of the state that `CrazyEights.reduce` returns only if they
/// succeed. The caller has checked that the match is on and that `seat` is the player to act.
extension CrazyEightsState {
    mutating func play(_ card: Card, namedSuit: Suit?, by seat: Int) throws(GameError) {
        guard let index = hands[seat].firstIndex(of: card) else {
            throw .invalidAction("you do not hold \(card.name) (\(card.notation))")
        }
        guard fits(card) else {
            throw .invalidAction(Matching.refusal(card, on: topCard, suit: currentSuit, pendingPenalty: pendingPenalty))
        }
        if let problem = Matching.namingProblem(card, namedSuit: namedSuit) { throw .invalidAction(problem) }
        hands[seat].remove(at: index)
        log(.played(seat: seat, card: card, namedSuit: namedSuit))
        discard.append(card)
        currentSuit = namedSuit ?? card.suit
        blockedPasses = 0
        // Going out wins the round whatever the card; its effect would have nobody to act on.
        if hands[seat].isEmpty {
            finishRound(winners: [seat], blocked: false)
            return
        }
        var steps = 1
        switch card.rank {
        case .queen where settings.queenSkips:
            steps = 2
        case .ace where settings.aceReverses:
            // Reversing with two players hands the turn straight back, as a skip would.
            if playerCount == 2 { steps = 2 } else { direction = direction.reversed }
        case .two where settings.twoDrawsTwo:
            pendingPenalty += 2
        default:
            break
        }
        endTurn(steps: steps)
    }

    mutating func draw(by seat: Int) throws(GameError) {
        if let refusal = drawRefusal(seat) { throw .invalidAction(refusal) }
        blockedPasses = 0
        drewThisRound?[seat] = true
        if pendingPenalty > 0 {
            // The whole penalty, or as much of it as the cards allow, and the turn is over.
            var taken = 0
            for _ in 0..<pendingPenalty {
                guard let card = takeFromStock() else { break }
                hands[seat].append(card)
                taken += 1
            }
            log(.tookPenalty(seat: seat, count: taken))
            pendingPenalty = 0
            endTurn(steps: 1)
            return
        }
        guard let card = takeFromStock() else { throw .desync("the stock could give a card but gave none") }
        logDraw(by: seat)
        hands[seat].append(card)
        drawsThisTurn += 1
    }

    mutating func pass(by seat: Int) throws(GameError) {
        if let refusal = passRefusal(seat) { throw .invalidAction(refusal) }
        log(.passed(seat: seat))
        // A penalty that cannot be drawn lapses rather than passing on to the next player.
        pendingPenalty = 0
        blockedPasses = stockCanGive ? 0 : blockedPasses + 1
        if blockedPasses >= playerCount {
            finishBlockedRound()
            return
        }
        endTurn(steps: 1)
    }

    /// The next card of the stock, turning the discard pile (but its top card) over into a
    /// freshly shuffled stock first when the stock is empty and the settings allow it.
    mutating func takeFromStock() -> Card? {
        if stock.isEmpty, settings.reshuffleDiscard, discard.count > 1, let top = discard.popLast() {
            stock = discard
            discard = [top]
            random.shuffle(&stock)
        }
        return stock.popLast()
    }

    private mutating func endTurn(steps: Int) {
        turn = seat(after: turn, steps: steps)
        drawsThisTurn = 0
    }
}
