import CPUBoundTrait
import Foundation
import GameCore
import Testing

@testable import CrazyEights

/// Properties of views and predictions over seeded matches: nothing hidden leaks into a seat's
/// bytes, and a client's prediction of its own play is what the host then sends.
@Suite(.cpuBound) struct ViewPropertyTests {
    @Test func viewsNeverContainOtherHands() async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for seed in UInt64(0)..<100 {
            var random = GameRandom(seed: GameSeed(seed), stream: 98)
            var step = 0
            var playedThisRound: [Card] = []
            _ = try SeededMatches.play(seed) { before, played, state in
                // A new deal starts a new log; the last round's log stays once the match is over.
                if state.round != before.round {
                    playedThisRound = []
                } else if case .play(let card, _) = played.action {
                    playedThisRound.append(card)
                }
                step += 1
                // Every third state, every seat; JSON is slow in a debug build.
                guard step % 3 == 0 else { return }
                for seat in state.hands.indices {
                    let view = CrazyEights.view(of: state, for: .player(seat: seat))
                    let json = try encoder.encode(view)
                    // Every card the bytes name is the viewer's own, the top of the discard pile or
                    // one played this round (the round log), never one drawn by another seat.
                    let visible = Set(state.hands[seat] + (state.topCard.map { [$0] } ?? []) + playedThisRound)
                    let leaked = try cardsNamed(in: json).filter { !visible.contains($0) }
                    #expect(leaked.isEmpty, "seed \(seed): seat \(seat)'s view names \(leaked)")
                    let text = String(decoding: json, as: UTF8.self)
                    // With two decks another hand can hold exactly the viewer's cards (seed 82 does).
                    for other in state.hands.indices
                    where other != seat && state.hands[other].count > 1 && state.hands[other].sorted() != state.hands[seat].sorted() {
                        for list in [state.hands[other], state.hands[other].sorted()] {
                            let listed = String(decoding: try encoder.encode(list), as: UTF8.self)
                            #expect(!text.contains(listed), "seed \(seed): seat \(seat) sees \(listed) in \(text)")
                        }
                    }
                    guard seat == step % state.playerCount else { continue }
                    #expect(try JSONDecoder().decode(CrazyEightsView.self, from: json) == view)
                    // Dealing the hidden cards differently, with another generator, changes nothing seen.
                    let redealt = redealtHidden(state, keeping: seat, random: &random)
                    #expect(try encoder.encode(CrazyEights.view(of: redealt, for: .player(seat: seat))) == json, "seed \(seed)")
                }
                let spectator = try encoder.encode(CrazyEights.view(of: state, for: .spectator))
                #expect(try cardsNamed(in: spectator).allSatisfy { $0 == state.topCard || playedThisRound.contains($0) })
            }
        }
    }

    @Test func predictionAgreesWithTheAuthority() async throws {
        var checked = 0
        for seed in UInt64(0)..<600 {
            _ = try SeededMatches.play(seed) { state, played, next in
                let seat = played.seat
                let before = CrazyEights.view(of: state, for: .player(seat: seat))
                let predicted = CrazyEights.predict(before, played.action, by: seat)
                guard case .play = played.action else {
                    if predicted != nil { Issue.record("seed \(seed): \(played.action) predicted") }
                    return
                }
                let prediction = try #require(predicted, "seed \(seed): a legal play is predicted")
                // A play that ends the round is followed by the next deal, which no client can foresee.
                guard next.round == state.round, !next.isOver else { return }
                let actual = CrazyEights.view(of: next, for: .player(seat: seat))
                let agrees =
                    prediction.hand == actual.hand && prediction.topCard == actual.topCard
                    && prediction.currentSuit == actual.currentSuit && prediction.handCounts == actual.handCounts
                    && prediction.discardCount == actual.discardCount && prediction.stockCount == actual.stockCount
                    && prediction.roundLog == actual.roundLog
                #expect(agrees, "seed \(seed): predicted \(prediction), got \(actual)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    /// Every card notation in a JSON document, including those inside action notation.
    func cardsNamed(in json: Data) throws -> [Card] {
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let array as [Any]: array.flatMap(strings)
            case let object as [String: Any]: object.values.flatMap(strings)
            default: []
            }
        }
        let words = strings(try JSONSerialization.jsonObject(with: json)).flatMap { $0.split(separator: " ") }
        return words.compactMap { try? Card(notation: String($0)) }
    }

    /// `state` with every card `seat` cannot see (other hands and the stock) dealt out afresh in
    /// the same counts, and a different generator.
    func redealtHidden(_ state: CrazyEightsState, keeping seat: Int, random: inout GameRandom) -> CrazyEightsState {
        var altered = state
        var hidden = state.stock + state.hands.indices.filter { $0 != seat }.flatMap { state.hands[$0] }
        random.shuffle(&hidden)
        for other in state.hands.indices where other != seat {
            altered.hands[other] = Array(hidden.suffix(state.hands[other].count))
            hidden.removeLast(state.hands[other].count)
        }
        altered.stock = hidden
        altered.random = random.split()
        return altered
    }
}
