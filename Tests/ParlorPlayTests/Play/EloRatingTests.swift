@testable import ParlorPlay
import Testing

@Suite struct EloRatingTests {
    let elo = EloRating()

    @Test func equalRatingsMoveSixteenPoints() {
        #expect(EloRating.startingRating == 1200)
        #expect(elo.newRatings(ratings: [1200, 1200], winners: [0]) == [1216, 1184])
        #expect(elo.newRatings(ratings: [1200, 1200], winners: [1]) == [1184, 1216])
        #expect(elo.expectedScore(of: 1200, against: 1200) == 0.5)
    }

    @Test func textbookValues() {
        // 400 points ahead expects 10/11 ≈ 0.909: the favourite's win is worth 32 × 0.091 ≈ 2.9.
        #expect(abs(elo.expectedScore(of: 1400, against: 1000) - 10.0 / 11.0) < 1e-12)
        #expect(elo.changes(ratings: [1400, 1000], winners: [0]) == [3, -3])
        #expect(elo.changes(ratings: [1400, 1000], winners: [1]) == [-29, 29])
        #expect(elo.changes(ratings: [1400, 1000], winners: []) == [-13, 13])
        // 1500 v 1700: expected 0.240; a win is worth 24.3, a loss 7.7 (rounded so they cancel).
        #expect(elo.changes(ratings: [1500, 1700], winners: [0]) == [24, -24])
        #expect(elo.changes(ratings: [1500, 1700], winners: [1]) == [-8, 8])
    }

    @Test func swappingSeatsSwapsResults() {
        for (a, b) in [(1200, 1200), (1350, 1210), (900, 2100), (1601, 1599)] {
            for winners: Set<Int> in [[0], [1], []] {
                let forward = elo.changes(ratings: [a, b], winners: winners)
                let mirrored = elo.changes(ratings: [b, a], winners: Set(winners.map { 1 - $0 }))
                #expect(forward == mirrored.reversed(), "\(a) v \(b), winners \(winners)")
            }
        }
    }

    @Test func changesAlwaysSumToZero() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            let seats = Int(generator.next() % 5) + 2
            let ratings = (0..<seats).map { _ in 600 + Int(generator.next() % 1_800) }
            let winners = Set((0..<seats).filter { _ in generator.next() % 3 == 0 })
            let changes = elo.changes(ratings: ratings, winners: winners)
            #expect(changes.reduce(0, +) == 0, "\(ratings) \(winners)")
            let exact = elo.exactChanges(ratings: ratings, winners: winners)
            #expect(zip(changes, exact).allSatisfy { abs(Double($0) - $1) < 1 }, "rounding moves less than a point")
        }
    }

    @Test func sixPlayers() {
        let ratings = Array(repeating: 1200, count: 6)
        // The winner gains ½ × 32/5 against each of five: 16. Each loser loses 3.2, rounded so
        // that the sum stays zero: four lose 3, the last seat (equal ratings: by seat) loses 4.
        #expect(elo.changes(ratings: ratings, winners: [0]) == [16, -3, -3, -3, -3, -4])
        #expect(elo.changes(ratings: ratings, winners: [0, 1, 2]) == [10, 10, 10, -10, -10, -10])
        let mixed = [1500, 1100, 1300, 1200, 1250, 1000]
        let upset = elo.changes(ratings: mixed, winners: [5])
        #expect(upset.reduce(0, +) == 0)
        #expect(upset[5] > 16, "the weakest winning gains more than an even winner")
        #expect(upset[0] == upset.min(), "the strongest loser loses most")
    }

    @Test func everybodyDraws() {
        #expect(elo.changes(ratings: [1200, 1200, 1200, 1200], winners: []) == [0, 0, 0, 0])
        #expect(elo.changes(ratings: [1200, 1200, 1200], winners: [0, 1, 2]) == [0, 0, 0])
        let changes = elo.changes(ratings: [1400, 1200, 1000], winners: [])
        #expect(changes[0] < 0 && changes[2] > 0 && changes.reduce(0, +) == 0)
    }

    @Test func extremeDifferencesStayBounded() {
        for ratings in [[3000, 100], [100, 3000], [5000, 0, 2500, -200, 1200, 9999]] {
            for winner in ratings.indices {
                let changes = elo.changes(ratings: ratings, winners: [winner])
                #expect(changes.allSatisfy { abs($0) <= elo.k }, "\(ratings) won by \(winner): \(changes)")
                #expect(changes.reduce(0, +) == 0)
            }
        }
        #expect(elo.changes(ratings: [3000, 100], winners: [0]) == [0, 0])
        #expect(elo.changes(ratings: [3000, 100], winners: [1]) == [-32, 32])
    }

    @Test func degenerateInputs() {
        #expect(elo.newRatings(ratings: [], winners: [0]).isEmpty)
        #expect(elo.newRatings(ratings: [1200], winners: [0]) == [1200])
        #expect(elo.newRatings(ratings: [1200, 1200], winners: [7, -1]) == [1200, 1200], "unknown seats are ignored")
        #expect(EloRating(k: 16).changes(ratings: [1200, 1200], winners: [0]) == [8, -8])
    }
}

/// A tiny deterministic generator for the property test.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
