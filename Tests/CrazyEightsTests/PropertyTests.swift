import CPUBoundTrait
import Foundation
import GameCore
import Testing

@testable import CrazyEights

/// Properties of the rules over thousands of seeded matches (see `SeededMatches.swift`).
@Suite(.cpuBound) struct PropertyTests {
    @Test func cardsAreConservedAndEveryMatchEnds() async throws {
        var endings: [WinType: Int] = [:]
        var blockedRounds = 0
        var longest = 0
        for seed in UInt64(0)..<2000 {
            let deck = tally(Deck.cards(players: SeededMatches.setup(seed).players))
            var broken: [String] = []
            let (record, state) = try SeededMatches.play(seed) { _, played, next in
                // Plain checks, one expectation per match: this runs for every action.
                if tally(next.allCards) != deck { broken.append("cards not conserved after \(played.action)") }
                if next.pendingPenalty < 0 || next.pendingPenalty % 2 != 0 { broken.append("penalty \(next.pendingPenalty)") }
                if !next.isOver && !next.hands.indices.contains(next.turn) { broken.append("turn \(next.turn)") }
            }
            #expect(broken.isEmpty, "seed \(seed): \(broken.prefix(3))")
            let outcome = try #require(record.outcome, "seed \(seed) did not finish")
            #expect(record.actions.count < SelfPlay.actionCap)
            #expect(!outcome.winners.isEmpty)
            #expect(outcome == state.outcome)
            endings[outcome.winType, default: 0] += 1
            blockedRounds += state.rounds.filter(\.blocked).count
            longest = max(longest, record.actions.count)
        }
        print("2000 matches: endings \(endings.map { "\($0.key.rawValue) \($0.value)" }.sorted()), \(blockedRounds) blocked rounds, longest \(longest) actions (cap \(SelfPlay.actionCap))")
        #expect(endings[.targetScore, default: 0] > 0)
        #expect(blockedRounds > 0)
    }

    @Test func replayReproducesTheFinalStateExactly() async throws {
        for seed in UInt64(0)..<600 {
            var played: [CrazyEightsState] = []
            let (record, state) = try SeededMatches.play(seed) { _, _, next in played.append(next) }
            var replayed: [CrazyEightsState] = []
            try record.replay { replayed.append($0) }
            #expect(Array(replayed.dropFirst()) == played, "seed \(seed)")
            #expect(try record.replay() == state)
            // And through JSON, as a record travels.
            let decoded = try JSONDecoder().decode(GameRecord<CrazyEights>.self, from: JSONEncoder().encode(record))
            #expect(decoded == record)
            #expect(try decoded.replay() == state)
            #expect(try GameRegistry([CrazyEights.self]).replay(recordJSON: JSONEncoder().encode(record)).outcome == record.outcome)
        }
    }

    @Test func legalActionsAgreeWithTheReducer() async throws {
        for seed in UInt64(0)..<400 {
            var random = GameRandom(seed: GameSeed(seed), stream: 99)
            let deck = Deck.standard
            var broken: [String] = []
            _ = try SeededMatches.play(seed) { state, played, _ in
                let legal = CrazyEights.legalActions(in: state, for: state.turn) ?? []
                if legal.isEmpty || Set(legal).count != legal.count || !legal.contains(played.action) {
                    broken.append("legal list \(legal) with \(played.action) played")
                }
                for action in legal {
                    do { _ = try CrazyEights.reduce(state, action, by: state.turn) } catch { broken.append("listed \(action) refused: \(error)") }
                }
                for _ in 0..<6 {
                    let action: CrazyEightsAction =
                        switch random.nextInt(below: 6) {
                        case 0: .draw
                        case 1: .pass
                        case 2: .play(deck[random.nextInt(below: 52)], namedSuit: Suit.allCases[random.nextInt(below: 4)])
                        default: .play(deck[random.nextInt(below: 52)])
                        }
                    guard !legal.contains(action), (try? CrazyEights.reduce(state, action, by: state.turn)) != nil else { continue }
                    broken.append("unlisted \(action) accepted")
                }
                let other = state.seat(after: state.turn)
                guard other != state.turn else { return }
                if CrazyEights.legalActions(in: state, for: other) != [] { broken.append("seat \(other) has actions out of turn") }
                do {
                    _ = try CrazyEights.reduce(state, played.action, by: other)
                    broken.append("seat \(other) acted out of turn")
                } catch {
                    if (error as? GameError)?.code != .notYourTurn { broken.append("out of turn: \(error)") }
                }
            }
            #expect(broken.isEmpty, "seed \(seed): \(broken.prefix(3))")
        }
    }
}
