/// How a game is played: everyone at the table at once, or each in their own time.
public enum OnlineGameMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case realTime = "realtime"
    case turnBased = "turn_based"

    /// The turn time the server gives a game of this mode when none is asked for.
    public var defaultTurnSeconds: Int {
        switch self {
        case .realTime: 60
        case .turnBased: 259_200
        }
    }

    public var label: String {
        switch self {
        case .realTime: "Real-time"
        case .turnBased: "Turn-based"
        }
    }
}

/// A new game's kind, size, mode and turn time, for quick match and private games.
public struct OnlineGameRequest: Sendable, Equatable {
    public var gameType: String
    public var players: Int
    public var mode: OnlineGameMode
    /// Time per turn; nil leaves it to the server's default for the mode. Quick match ignores it.
    public var turnSeconds: Int?

    /// The turn times the server takes (`CreateGameRequest.turn_seconds`): 5 s to 14 days.
    public static let turnSecondsRange = 5...1_209_600

    /// Turn-based unless asked otherwise: a game that waits for its players without a screen open
    /// (the terminal and the existing flows rely on it).
    public init(gameType: String, players: Int, mode: OnlineGameMode = .turnBased, turnSeconds: Int? = nil) {
        self.gameType = gameType
        self.players = players
        self.mode = mode
        self.turnSeconds = turnSeconds
    }

    /// What is wrong with the request for a game seating `allowedPlayers`, one sentence per
    /// field, as the form shows it; empty when the server would take it.
    public func problems(allowedPlayers: ClosedRange<Int>) -> [String] {
        var problems: [String] = []
        if !allowedPlayers.contains(players) {
            problems.append("Players must be \(allowedPlayers.lowerBound) to \(allowedPlayers.upperBound).")
        }
        if let turnSeconds, !Self.turnSecondsRange.contains(turnSeconds) {
            problems.append("The turn time must be between 5 seconds and 14 days.")
        }
        return problems
    }
}
