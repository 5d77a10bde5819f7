import Foundation

/// An achievement with the player's progress, as the server answers it (a hidden one not yet
/// unlocked comes without name and description).
public struct Achievement: Equatable, Sendable, Identifiable {
    public let key: String
    public let name: String?
    public let detail: String?
    public let points: Int
    public let category: String
    public let hidden: Bool
    public let target: Int
    public let progress: Int64
    public let unlockedAt: Date?

    public var id: String { key }

    public init(
        key: String, name: String?, detail: String?, points: Int, category: String, hidden: Bool, target: Int, progress: Int64, unlockedAt: Date?
    ) {
        self.key = key
        self.name = name
        self.detail = detail
        self.points = points
        self.category = category
        self.hidden = hidden
        self.target = target
        self.progress = progress
        self.unlockedAt = unlockedAt
    }
}
