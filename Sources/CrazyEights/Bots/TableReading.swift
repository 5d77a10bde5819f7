/// What a bot can work out about the other hands from the round log alone, without memory.
///
/// Voids: an ordinary draw means the seat held no card of the suit to follow, none of the top
/// card's rank and no eight. Every card it drew then but the last did not fit either, and the
/// last was played at once if it fit, so after that turn the seat still holds none of them.
/// The void lasts until the seat draws again: a later ordinary draw of exactly one card that it
/// played at once adds nothing to the hand, so the old voids stand beside the new; any other draw
/// (more cards, or a turn ending in a pass) may have brought any suit, and a two-penalty brings
/// anything, so the old voids are forgotten. A play never clears a void: a seat void in a suit
/// can only play it after drawing one, which the rules above already account for.
///
/// Unseen cards: the game's cards less the viewer's hand and the discard pile as far as the log
/// shows it (the top card and the latest plays still under it); the rest are in other hands or
/// the stock.
struct TableReading {
    /// Per seat: suits it is known to hold none of.
    var voidSuits: [Set<Suit>]
    /// Per seat: ranks it is known to hold none of.
    var voidRanks: [Set<Rank>]
    /// Per seat: whether it is known to hold no eight.
    var noEights: [Bool]
    /// Cards the viewer has not seen this round, by suit.
    var unseenBySuit: [Suit: Int]
    /// Cards the viewer has not seen this round, by rank.
    var unseenByRank: [Rank: Int]
    var unseenCount: Int
    /// How many of the latest plays were eights, one after another.
    var eightStreak: Int

    init(_ view: CrazyEightsView) {
        let seats = view.players.count
        voidSuits = Array(repeating: [], count: seats)
        voidRanks = Array(repeating: [], count: seats)
        noEights = Array(repeating: false, count: seats)
        let log = view.roundLog
        for (index, event) in log.enumerated() where (0..<seats).contains(event.seat) {
            switch event {
            case .drew(let seat, let count, let suit, let rank):
                var playedAtOnce = false
                if index + 1 < log.count, case .played(seat, _, _) = log[index + 1] { playedAtOnce = true }
                if !(count == 1 && playedAtOnce) {
                    voidSuits[seat] = []
                    voidRanks[seat] = []
                }
                voidSuits[seat].insert(suit)
                if let rank { voidRanks[seat].insert(rank) }
                noEights[seat] = true
            case .tookPenalty(let seat, _):
                voidSuits[seat] = []
                voidRanks[seat] = []
                noEights[seat] = false
            case .played, .passed:
                break
            }
        }
        var unseen = Deck.cards(players: seats)
        func remove(_ card: Card) {
            if let index = unseen.firstIndex(of: card) { unseen.remove(at: index) }
        }
        view.hand.forEach(remove)
        let plays = log.compactMap { event -> Card? in
            if case .played(_, let card, _) = event { card } else { nil }
        }
        eightStreak = plays.reversed().prefix { $0.rank == .eight }.count
        let inDiscard = Array(plays.suffix(view.discardCount))
        inDiscard.forEach(remove)
        if let top = view.topCard, inDiscard.last != top { remove(top) }
        unseenBySuit = Dictionary(grouping: unseen, by: \.suit).mapValues(\.count)
        unseenByRank = Dictionary(grouping: unseen, by: \.rank).mapValues(\.count)
        unseenCount = unseen.count
    }

    /// The chance that a hand of `size` cards dealt from the unseen cards holds none of the
    /// `matching` ones: the seat would have to draw (treating the unseen cards as one pool).
    func chanceOfNone(matching: Int, handSize size: Int) -> Double {
        guard size > 0 else { return 1 }
        let others = unseenCount - matching
        guard others >= size else { return 0 }
        var chance = 1.0
        for drawn in 0..<size { chance *= Double(others - drawn) / Double(unseenCount - drawn) }
        return chance
    }
}

extension TableReading {
    /// The chance that `seat`, holding `handSize` cards, has nothing to play on `suit` and
    /// `rank` (nil after an eight): certain when it is known to lack all three kinds, otherwise
    /// estimated from the unseen cards of the kinds it is not known to lack.
    func chanceStuck(seat: Int, suit: Suit, rank: Rank?, handSize: Int) -> Double {
        guard voidSuits.indices.contains(seat) else { return 0 }
        var matching = 0
        if !voidSuits[seat].contains(suit) { matching += unseenBySuit[suit, default: 0] }
        if let rank, rank != .eight, !voidRanks[seat].contains(rank) {
            // The one card of both (two with two decks) is the one being played, not unseen.
            matching += unseenByRank[rank, default: 0]
        }
        if !noEights[seat] { matching += unseenByRank[.eight, default: 0] }
        return chanceOfNone(matching: matching, handSize: handSize)
    }
}
