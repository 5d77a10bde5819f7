/// How a game ended: which seats won and how.
public struct GameOutcome: Codable, Hashable, Sendable {
    /// Winning seats in ascending order; empty for a game nobody won.
    public var winners: [Int]
    public var winType: WinType

    private enum CodingKeys: String, CodingKey { case winners, winType = "win_type" }

    public init(winners: [Int], winType: WinType) {
        self.winners = winners.sorted()
        self.winType = winType
    }
}

/// Why the winners won. Open-ended so each game can name its own kinds; the common ones are here.
public struct WinType: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Everyone else resigned or was removed.
    public static let resignation: WinType = "resignation"
    /// One move won it for several players or teams at once.
    public static let tie: WinType = "tie"
    /// Nobody won.
    public static let draw: WinType = "draw"
}
