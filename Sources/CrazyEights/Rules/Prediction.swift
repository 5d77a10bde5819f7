import GameCore

extension CrazyEights: PredictingGameModule {
    /// The viewer's own play shown at once: the card leaves their hand and becomes the top of
    /// the discard pile, with its suit or the named one to follow, and the play ends the round
    /// log as the host will log it.
    ///
    /// Only what the play certainly does is changed. The turn, direction and penalty are left for
    /// the host to set, and `legalActions` is emptied so a client does not offer a second action
    /// from a stale list. Nil for draws (the card is unknown), passes, spectators, another seat's
    /// turn, or a play the view shows to be illegal. A play that ends the round is still predicted,
    /// though the host's next view will be the next deal.
    public static func predict(_ view: CrazyEightsView, _ action: CrazyEightsAction, by seat: Int) -> CrazyEightsView? {
        guard case .play(let card, let namedSuit) = action, view.outcome == nil, view.viewer.seat == seat,
            view.turn == seat, view.handCounts.indices.contains(seat), view.handCounts[seat] > 0,
            let index = view.hand.firstIndex(of: card), view.fits(card),
            Matching.namingProblem(card, namedSuit: namedSuit) == nil
        else { return nil }
        var next = view
        next.hand.remove(at: index)
        next.handCounts[seat] -= 1
        next.topCard = card
        next.currentSuit = namedSuit ?? card.suit
        next.discardCount += 1
        RoundLog.append(.played(seat: seat, card: card, namedSuit: namedSuit), to: &next.roundLog, players: next.players.count)
        next.legalActions = []
        return next
    }
}
