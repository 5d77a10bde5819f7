import GameCore

extension LeaderboardOrder {
    /// Whether score `a` ranks above score `b`.
    public func isBetter(_ a: Int64, than b: Int64) -> Bool {
        self == .higherIsBetter ? a > b : a < b
    }
}

extension LeaderboardAggregation {
    /// A player's new score in a period after a result worth `value`; `current` is nil before
    /// their first result there.
    public func combine(_ current: Int64?, with value: Int64, order: LeaderboardOrder) -> Int64 {
        guard let current else { return self == .increment ? 1 : value }
        switch self {
        case .best: return order.isBetter(value, than: current) ? value : current
        case .latest: return value
        case .sum: return current &+ value
        case .increment: return current &+ 1
        }
    }
}

/// Standard competition ranking ("1224"): tied scores share a rank, and the rank after a tie
/// skips as many places as the tie held.
public enum CompetitionRanks {
    /// Ranks for `scores`, a contiguous run of a board in rank order whose first score has
    /// `better` entries strictly above it on the whole board.
    public static func ranks(of scores: [Int64], better: Int) -> [Int] {
        var ranks: [Int] = []
        ranks.reserveCapacity(scores.count)
        for (index, score) in scores.enumerated() {
            if index > 0, scores[index - 1] == score {
                ranks.append(ranks[index - 1])
            } else {
                ranks.append(index == 0 ? better + 1 : better + index + 1)
            }
        }
        return ranks
    }

    /// The ranks of a slice of a board's histogram walk: given the number of entries strictly
    /// better than the slice's first score and each distinct score's count in order, every
    /// distinct score's rank.
    public static func ranks(ofDistinct counts: [Int], better: Int) -> [Int] {
        var rank = better + 1
        return counts.map { count in
            defer { rank += count }
            return rank
        }
    }
}
