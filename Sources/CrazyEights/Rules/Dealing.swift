import GameCore

extension CrazyEightsState {
    /// A match before its first deal: everything empty but the players, settings, dealer and
    /// generator.
    init(players: [GamePlayer], settings: CrazyEightsSettings, dealer: Int, random: GameRandom) {
        self.init(
            players: players, settings: settings, hands: Array(repeating: [], count: players.count), stock: [],
            discard: [], currentSuit: .clubs, turn: 0, direction: .clockwise, pendingPenalty: 0, drawsThisTurn: 0,
            blockedPasses: 0, dealer: dealer, round: 1, scores: Array(repeating: 0, count: players.count),
            rounds: [], roundLog: [], outcome: nil, random: random)
    }

    /// Shuffles every card with the state's generator, deals a hand to each seat starting left of
    /// the dealer, and turns up the starter; the player left of the dealer leads.
    ///
    /// An eight turned up as the starter is buried at a random place in the stock and the next
    /// card is turned, so nobody starts on a suit nobody chose. (Should only eights be left, which
    /// only absurd hand sizes allow, the eight stays and its own suit is followed.) Whatever the
    /// starter, its party effect does not apply: nobody played it.
    mutating func dealRound() {
        var deck = Deck.cards(players: playerCount)
        random.shuffle(&deck)
        let size = settings.handSize(players: playerCount)
        hands = Array(repeating: [], count: playerCount)
        for _ in 0..<size {
            for offset in 1...playerCount {
                guard let card = deck.popLast() else { break }
                hands[(dealer + offset) % playerCount].append(card)
            }
        }
        var starter = deck.popLast()
        while let eight = starter, eight.rank == .eight, deck.contains(where: { $0.rank != .eight }) {
            // Anywhere but the very top, so the same eight is not turned again at once.
            deck.insert(eight, at: random.nextInt(below: deck.count))
            starter = deck.popLast()
        }
        stock = deck
        discard = starter.map { [$0] } ?? []
        currentSuit = starter?.suit ?? .clubs
        direction = .clockwise
        turn = direction.seat(after: dealer, players: playerCount)
        pendingPenalty = 0
        drawsThisTurn = 0
        blockedPasses = 0
        roundLog = []
        drewThisRound = Array(repeating: false, count: playerCount)
    }
}
