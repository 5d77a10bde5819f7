import GameCore

/// Where a player stands on one achievement: the rule's running value and whether it unlocked.
/// Unlocking is for good: a streak that breaks later keeps its achievement.
public struct AchievementProgress: Codable, Hashable, Sendable {
    /// The sum, current run, best value reached, or (for `atMost`) 1 once met.
    public var value: Int64
    public var unlocked: Bool

    public init(value: Int64 = 0, unlocked: Bool = false) {
        self.value = value
        self.unlocked = unlocked
    }

    /// The progress after one result's statistics; unchanged when the result lacks the rule's statistic.
    public func advanced(by statistics: [String: Int], rule: AchievementRule) -> AchievementProgress {
        guard let reported = statistics[rule.statistic] else { return self }
        let number = Int64(reported)
        var next = self
        switch rule {
        case .total: next.value = value &+ max(number, 0)
        case .streak: next.value = number > 0 ? value &+ 1 : 0
        case .reach: next.value = max(value, number)
        case .atMost(_, let limit): next.value = number <= Int64(limit) ? 1 : value
        }
        next.unlocked = unlocked || next.value >= Int64(rule.target)
        return next
    }

    /// Progress towards the target, 0…target, for a progress bar (an unlocked streak shows full).
    public func shown(for rule: AchievementRule) -> Int64 {
        unlocked ? Int64(rule.target) : min(max(value, 0), Int64(rule.target))
    }
}
