import Dependencies
import Foundation
import Observation

/// An achievement as the screen shows it: a hidden one not yet unlocked is masked (no name, no
/// description, no progress that would hint at it) whatever the server sent.
public struct AchievementItem: Equatable, Sendable, Identifiable {
    public let id: String
    public let title: String
    public let detail: String?
    public let points: Int
    public let isUnlocked: Bool
    public let isMasked: Bool
    /// 0…1, for the progress bar.
    public let fraction: Double
    /// `3 of 5`; nil while masked.
    public let progressText: String?
    public let unlockedAt: Date?
    /// `Unlocked 3 days ago`.
    public let unlockedText: String?

    public init(
        id: String, title: String, detail: String?, points: Int, isUnlocked: Bool, isMasked: Bool, fraction: Double, progressText: String?,
        unlockedAt: Date?, unlockedText: String?
    ) {
        self.id = id
        self.title = title
        self.detail = detail
        self.points = points
        self.isUnlocked = isUnlocked
        self.isMasked = isMasked
        self.fraction = fraction
        self.progressText = progressText
        self.unlockedAt = unlockedAt
        self.unlockedText = unlockedText
    }
}

/// A game's achievements with the player's progress: unlocked ones first (newest first), then
/// those under way (furthest along first), then the hidden ones, masked.
@MainActor @Observable
public final class AchievementsModel {
    public static let hiddenTitle = "Hidden achievement"

    public let game: String
    public private(set) var phase: SocialLoadPhase = .loading
    public private(set) var items: [AchievementItem] = []

    @ObservationIgnored @Dependency(\.socialClient) private var client
    @ObservationIgnored @Dependency(\.date.now) private var now

    public init(game: String) {
        self.game = game
    }

    public var unlockedCount: Int { items.count { $0.isUnlocked } }

    /// `3 of 12 unlocked · 45 points`.
    public var summary: String {
        let points = items.filter(\.isUnlocked).reduce(0) { $0 + $1.points }
        return "\(unlockedCount) of \(items.count) unlocked · \(points) points"
    }

    public let emptyMessage = "This game has no achievements yet."

    public func load() async {
        phase = .loading
        do {
            let achievements = try await client.achievements(game)
            items = Self.ordered(achievements).map { item($0) }
            phase = items.isEmpty ? .empty : .loaded
        } catch {
            items = []
            phase = .failed(ErrorPresentation(error))
        }
    }

    public func refresh() async { await load() }

    private func item(_ achievement: Achievement) -> AchievementItem {
        let unlocked = achievement.unlockedAt != nil
        let masked = achievement.hidden && !unlocked
        let target = max(achievement.target, 1)
        let progress = unlocked ? Int64(target) : min(max(achievement.progress, 0), Int64(target))
        return AchievementItem(
            id: achievement.key,
            title: masked ? Self.hiddenTitle : achievement.name ?? achievement.key,
            detail: masked ? "Keep playing to reveal it." : achievement.detail,
            points: achievement.points, isUnlocked: unlocked, isMasked: masked,
            fraction: masked ? 0 : Double(progress) / Double(target),
            progressText: masked ? nil : "\(progress) of \(target)",
            unlockedAt: achievement.unlockedAt,
            unlockedText: achievement.unlockedAt.map { "Unlocked " + Formatting.relative($0, to: now) })
    }

    private static func ordered(_ achievements: [Achievement]) -> [Achievement] {
        func group(_ achievement: Achievement) -> Int {
            achievement.unlockedAt != nil ? 0 : achievement.hidden ? 2 : 1
        }
        func fraction(_ achievement: Achievement) -> Double {
            Double(achievement.progress) / Double(max(achievement.target, 1))
        }
        return achievements.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if group(a) != group(b) { return group(a) < group(b) }
            if let first = a.unlockedAt, let second = b.unlockedAt, first != second { return first > second }
            if group(a) == 1, fraction(a) != fraction(b) { return fraction(a) > fraction(b) }
            return left.offset < right.offset
        }.map(\.element)
    }
}
