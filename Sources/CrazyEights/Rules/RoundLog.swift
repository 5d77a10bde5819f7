/// The round's public log (`CrazyEightsState.roundLog`): how it grows and how long it may get.
///
/// A round is not bounded by the deck when the discard pile is reshuffled into the stock (the same
/// cards can be drawn and played again and again), so the log keeps only its latest
/// `limit(players:)` events, dropping the oldest. That is twice the cards in play: more than a
/// whole pass through the deck, so every card now in the discard pile was played within it.
/// Consecutive draws of one turn are one event, so a turn adds at most two events.
public enum RoundLog {
    public static func limit(players: Int) -> Int { 2 * Deck.cards(players: players).count }

    /// Appends `event`, dropping the oldest events beyond the limit.
    static func append(_ event: PublicEvent, to log: inout [PublicEvent], players: Int) {
        log.append(event)
        let excess = log.count - limit(players: players)
        if excess > 0 { log.removeFirst(excess) }
    }
}

extension CrazyEightsState {
    mutating func log(_ event: PublicEvent) {
        RoundLog.append(event, to: &roundLog, players: playerCount)
    }

    /// Records one ordinary draw by `seat`, adding it to the draw event of the same turn if any.
    mutating func logDraw(by seat: Int) {
        if drawsThisTurn > 0, case .drew(seat, let count, let suit, let rank)? = roundLog.last {
            roundLog[roundLog.count - 1] = .drew(seat: seat, count: count + 1, suit: suit, rank: rank)
        } else {
            log(.drew(seat: seat, count: 1, suit: currentSuit, rank: topCard?.rank))
        }
    }
}
