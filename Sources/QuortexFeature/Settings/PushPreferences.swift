import ParlorAPI

/// The kinds of game notification the server pushes, each on or off for the whole account.
public enum PushKind: String, CaseIterable, Sendable, Identifiable {
    case turnReminders, invitations, gameOver

    public var id: String { rawValue }

    public var title: String {
        switch self {
        case .turnReminders: "Your Turn"
        case .invitations: "Invitations"
        case .gameOver: "Game Over"
        }
    }

    public var detail: String {
        switch self {
        case .turnReminders: "When it is your move in a turn-based game."
        case .invitations: "When a friend invites you to a game."
        case .gameOver: "When a game you played ends."
        }
    }
}

/// The server's push preferences: which kinds the player wants.
public struct PushPreferences: Equatable, Sendable {
    public var turnReminders: Bool
    public var invitations: Bool
    public var gameOver: Bool

    public init(turnReminders: Bool, invitations: Bool, gameOver: Bool) {
        self.turnReminders = turnReminders
        self.invitations = invitations
        self.gameOver = gameOver
    }

    public subscript(kind: PushKind) -> Bool {
        get {
            switch kind {
            case .turnReminders: turnReminders
            case .invitations: invitations
            case .gameOver: gameOver
            }
        }
        set {
            switch kind {
            case .turnReminders: turnReminders = newValue
            case .invitations: invitations = newValue
            case .gameOver: gameOver = newValue
            }
        }
    }

    init(_ wire: Components.Schemas.PushPreferences) {
        self.init(turnReminders: wire.turnReminders, invitations: wire.invitations, gameOver: wire.gameOver)
    }

    /// The change of one kind, as the server takes it (kinds left out keep their value).
    static func input(_ kind: PushKind, _ on: Bool) -> Components.Schemas.PushPreferencesInput {
        switch kind {
        case .turnReminders: .init(turnReminders: on)
        case .invitations: .init(invitations: on)
        case .gameOver: .init(gameOver: on)
        }
    }
}
