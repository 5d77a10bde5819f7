import AppFoundation
import GameCore
import Quortex

/// The private game form: how many players, real-time or turn-based, and the time per turn.
public struct PrivateGameForm: Equatable, Sendable {
    public var players = 2
    public var mode: OnlineGameMode = .turnBased {
        // A turn time chosen for the other mode makes no sense in this one.
        didSet { if mode != oldValue { turnSeconds = mode.defaultTurnSeconds } }
    }
    public var turnSeconds = OnlineGameMode.turnBased.defaultTurnSeconds

    /// Quortex's seats: 2 to 6.
    public static let allowedPlayers = Quortex.catalogEntry.minPlayers...Quortex.catalogEntry.maxPlayers

    public init() {}

    /// The turn times offered for the mode, shortest first.
    public var turnChoices: [Int] {
        switch mode {
        case .realTime: [15, 30, 60, 120, 300]
        case .turnBased: [3_600, 43_200, 86_400, 259_200, 604_800]
        }
    }

    /// A turn time as the picker names it: "30 s", "2 min", "12 h", "3 days".
    public static func label(turnSeconds seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds) s"
        case ..<3_600: "\(seconds / 60) min"
        case ..<86_400: "\(seconds / 3_600) h"
        case 86_400: "1 day"
        default: "\(seconds / 86_400) days"
        }
    }

    public var request: OnlineGameRequest {
        OnlineGameRequest(gameType: Quortex.gameType.rawValue, players: players, mode: mode, turnSeconds: turnSeconds)
    }

    /// What keeps the form from being sent, one sentence per field.
    public var problems: [String] { request.problems(allowedPlayers: Self.allowedPlayers) }
    public var isValid: Bool { problems.isEmpty }
}
