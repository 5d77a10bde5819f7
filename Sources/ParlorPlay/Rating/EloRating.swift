import Foundation

/// Elo ratings for finished games, so that quick match can pair players of similar strength.
///
/// Two seats play one classic Elo game (K = 32: equal ratings move 16 points on a win). More seats
/// are scored pairwise: every pair of seats is one Elo game, a winner against a non-winner scores
/// 1 to 0, and two winners or two non-winners draw (½ each). A seat's change is the sum of its
/// pairwise results (score − expected score), scaled by K/(n−1), so that one seat's change stays
/// within ±K whatever the table size. Nobody winning (or everybody winning) is a draw for all.
///
/// The exact changes of a game sum to zero; ``ZeroSumRounding`` rounds them to whole points that
/// still sum to zero. Pure and deterministic: the same ratings and winners give the same result.
struct EloRating: Sendable, Equatable {
    /// The rating of a player who has not finished a rated game yet.
    static let startingRating = 1200

    /// The weight of one game: the most one seat's rating can move.
    let k: Int

    init(k: Int = 32) {
        self.k = k
    }

    /// The score a player rated `rating` is expected to make against one rated `opponent`:
    /// between 0 and 1, ½ for equal ratings; 400 points ahead expects about 0.91.
    func expectedScore(of rating: Int, against opponent: Int) -> Double {
        1 / (1 + pow(10, Double(opponent - rating) / 400))
    }

    /// The new rating of every seat (same order as `ratings`) after a game won by the seats in
    /// `winners` (indices into `ratings`; others are ignored; empty means nobody won).
    func newRatings(ratings: [Int], winners: Set<Int>) -> [Int] {
        zip(ratings, changes(ratings: ratings, winners: winners)).map { $0 + $1 }
    }

    /// The change of every seat's rating, in whole points summing to zero.
    func changes(ratings: [Int], winners: Set<Int>) -> [Int] {
        ZeroSumRounding.round(exactChanges(ratings: ratings, winners: winners), preferringUp: ratings)
    }

    /// The unrounded changes: K/(n−1) × Σ over opponents (score − expected score).
    func exactChanges(ratings: [Int], winners: Set<Int>) -> [Double] {
        let count = ratings.count
        guard count > 1 else { return Array(repeating: 0, count: count) }
        let scale = Double(k) / Double(count - 1)
        return ratings.indices.map { seat in
            var sum = 0.0
            for opponent in ratings.indices where opponent != seat {
                let score = Self.score(winner: winners.contains(seat), against: winners.contains(opponent))
                sum += score - expectedScore(of: ratings[seat], against: ratings[opponent])
            }
            return scale * sum
        }
    }

    private static func score(winner: Bool, against opponentWon: Bool) -> Double {
        switch (winner, opponentWon) {
        case (true, false): 1
        case (false, true): 0
        default: 0.5
        }
    }
}
