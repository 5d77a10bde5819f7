import GameCore

/// The settings snapshot of a Quortex game.
public struct QuortexSettings: GameSettings {
    public static let currentVersion = 1

    public var settingsVersion: Int
    /// Board side of each seat; nil for the standard seating of the player count.
    public var sides: [Int]?

    private enum CodingKeys: String, CodingKey { case settingsVersion = "settings_version", sides }

    public init(sides: [Int]? = nil) {
        self.settingsVersion = Self.currentVersion
        self.sides = sides
    }

    /// The seating these settings give `playerCount` players.
    public func seating(playerCount: Int) throws(GameError) -> Seating {
        if let sides {
            guard sides.count == playerCount else {
                throw .invalidAction("the seating names \(sides.count) sides for \(playerCount) players")
            }
            return try Seating(sides: sides)
        }
        guard let standard = Seating.standardSides(playerCount: playerCount) else {
            throw .invalidAction("Quortex seats 2 to 6 players, not \(playerCount)")
        }
        return try Seating(sides: standard)
    }
}
