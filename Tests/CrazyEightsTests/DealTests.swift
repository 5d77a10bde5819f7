import GameCore
import Testing

@testable import CrazyEights

@Suite struct DealTests {
    func deal(_ players: Int, seed: UInt64, settings: CrazyEightsSettings = .classic) throws -> CrazyEightsState {
        try CrazyEights.initialState(players: GamePlayer.seats(players), settings: settings, seed: GameSeed(seed))
    }

    @Test func sevenCardsEachWithTwoPlayersFiveWithMore() throws {
        for players in 2...8 {
            let state = try deal(players, seed: UInt64(players))
            let size = players == 2 ? 7 : 5
            #expect(state.hands.allSatisfy { $0.count == size }, "\(players) players")
            #expect(state.discard.count == 1)
            #expect(state.stock.count == Deck.cards(players: players).count - players * size - 1)
            #expect(counts(state.allCards) == counts(Deck.cards(players: players)))
        }
        #expect(try deal(3, seed: 1, settings: settings { $0.handSize = 8 }).hands.allSatisfy { $0.count == 8 })
    }

    @Test func sixToEightPlayersShareTwoDecksWithIdenticalDuplicates() throws {
        for players in 6...8 {
            let state = try deal(players, seed: 11)
            #expect(state.allCards.count == 104)
            #expect(counts(state.allCards).values.allSatisfy { $0 == 2 })
        }
        // Somewhere among a few deals a hand holds both copies of a card.
        var sawDuplicate = false
        for seed in UInt64(0)..<200 where !sawDuplicate {
            sawDuplicate = try deal(8, seed: seed, settings: settings { $0.handSize = 12 }).hands.contains { Set($0).count < $0.count }
        }
        #expect(sawDuplicate)
    }

    @Test func thePlayerAfterTheDealerLeadsAndTheDealRotates() throws {
        var dealers = Set<Int>()
        for seed in UInt64(0)..<40 {
            let state = try deal(4, seed: seed)
            dealers.insert(state.dealer)
            #expect(state.turn == (state.dealer + 1) % 4)
            #expect(state.round == 1)
            #expect(state.direction == .clockwise)
            #expect(state.scores == [0, 0, 0, 0])
        }
        #expect(dealers == [0, 1, 2, 3], "the generator picks the first dealer")
        // Finishing round 1 deals round 2 from the next dealer.
        var state = try deal(3, seed: 5, settings: settings { $0.targetScore = 1000 })
        state.hands[state.turn] = []
        let before = state
        state.finishRound(winners: [before.turn], blocked: false)
        #expect(state.round == 2)
        #expect(state.dealer == (before.dealer + 1) % 3)
        #expect(state.turn == (state.dealer + 1) % 3)
        #expect(state.hands.allSatisfy { $0.count == 5 })
        #expect(counts(state.allCards) == counts(Deck.standard))
    }

    @Test func dealingIsDeterministicInTheSeed() throws {
        #expect(try deal(4, seed: 77) == deal(4, seed: 77))
        #expect(try deal(4, seed: 77).hands != deal(4, seed: 78).hands)
    }

    @Test func anEightTurnedAsStarterIsBuriedInTheStock() throws {
        var buried = 0
        for seed in UInt64(0)..<400 {
            let state = try deal(2, seed: seed)
            let top = try #require(state.topCard)
            #expect(top.rank != .eight, "seed \(seed)")
            #expect(state.currentSuit == top.suit)
            #expect(counts(state.allCards) == counts(Deck.standard))
            // Replaying the shuffle shows which deals turned an eight first.
            var random = GameRandom(seed: GameSeed(seed))
            _ = random.nextInt(below: 2)
            var deck = Deck.standard
            random.shuffle(&deck)
            if deck[deck.count - 15].rank == .eight {
                buried += 1
                #expect(state.stock.contains(deck[deck.count - 15]))
            }
        }
        #expect(buried > 10, "some of 400 deals turn an eight first")
    }

    @Test func aPartyStartersEffectDoesNotApply() throws {
        // Hunt for deals whose starter is a two, queen or ace; the leader acts normally.
        var seen = Set<Rank>()
        for seed in UInt64(0)..<300 {
            let state = try deal(3, seed: seed, settings: .party)
            guard let top = state.topCard, [.two, .queen, .ace].contains(top.rank) else { continue }
            seen.insert(top.rank)
            #expect(state.pendingPenalty == 0)
            #expect(state.direction == .clockwise)
            #expect(state.turn == (state.dealer + 1) % 3)
        }
        #expect(seen == [.two, .queen, .ace])
    }
}
