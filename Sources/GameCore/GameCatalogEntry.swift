/// What a game selection screen shows for one game.
public struct GameCatalogEntry: Codable, Hashable, Sendable {
    public enum Difficulty: String, Codable, Hashable, Sendable {
        case easy, medium, hard
    }

    public var id: GameType
    public var displayName: String
    /// An SF Symbols name; the apps render it, the server only passes it on.
    public var symbol: String
    public var minPlayers: Int
    public var maxPlayers: Int
    public var difficulty: Difficulty

    public init(
        id: GameType, displayName: String, symbol: String, minPlayers: Int, maxPlayers: Int,
        difficulty: Difficulty
    ) {
        self.id = id
        self.displayName = displayName
        self.symbol = symbol
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.difficulty = difficulty
    }
}

/// How a game may be hosted: seat counts, turn structure, rejoin and spectators.
public struct GamePolicy: Codable, Hashable, Sendable {
    public var minPlayers: Int
    public var maxPlayers: Int
    public var isTurnBased: Bool
    public var allowsRejoin: Bool
    public var supportsSpectators: Bool

    public init(minPlayers: Int, maxPlayers: Int, isTurnBased: Bool, allowsRejoin: Bool, supportsSpectators: Bool) {
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.isTurnBased = isTurnBased
        self.allowsRejoin = allowsRejoin
        self.supportsSpectators = supportsSpectators
    }

    public func accepts(playerCount: Int) -> Bool {
        (minPlayers...maxPlayers).contains(playerCount)
    }
}
