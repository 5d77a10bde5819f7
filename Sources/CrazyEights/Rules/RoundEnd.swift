import GameCore

extension WinType {
    /// The match ended when a round took someone to the target score; the highest score won.
    public static let targetScore: WinType = "target-score"
}

extension CrazyEightsState {
    /// Ends a round that nobody went out of: the lowest hand by points wins, then the one with
    /// fewer cards; players still level all win.
    mutating func finishBlockedRound() {
        let standing = hands.map { (points: $0.points, cards: $0.count) }
        guard let best = standing.min(by: { ($0.points, $0.cards) < ($1.points, $1.cards) }) else { return }
        let winners = standing.indices.filter { standing[$0] == best }
        finishRound(winners: winners, blocked: true)
    }

    /// Scores the round (each winner takes the total of the other hands), then ends the match if
    /// someone reached the target, or deals the next round with the deal passed on.
    mutating func finishRound(winners: [Int], blocked: Bool) {
        let handPoints = hands.map(\.points)
        let pot = handPoints.indices.filter { !winners.contains($0) }.reduce(0) { $0 + handPoints[$1] }
        let scored = handPoints.indices.map { winners.contains($0) ? pot : 0 }
        for seat in scores.indices { scores[seat] += scored[seat] }
        rounds.append(
            RoundResult(round: round, winners: winners, blocked: blocked, scored: scored, handPoints: handPoints, drew: drewThisRound))
        pendingPenalty = 0
        drawsThisTurn = 0
        blockedPasses = 0
        if let best = scores.max(), best >= settings.targetScore {
            let leaders = scores.indices.filter { scores[$0] == best }
            outcome = GameOutcome(winners: leaders, winType: leaders.count > 1 ? .tie : .targetScore)
            return
        }
        round += 1
        dealer = (dealer + 1) % playerCount
        dealRound()
    }
}
