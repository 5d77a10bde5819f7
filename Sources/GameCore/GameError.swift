/// Why a game refused something. Every case has a stable `code` for the wire; the message is for
/// people and may change.
public enum GameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The action is not allowed in this state (occupied cell, illegal placement, bad argument).
    case invalidAction(String)
    /// The acting seat may not act now.
    case notYourTurn(String)
    /// The game has ended; nothing more can be played.
    case gameOver(String)
    /// Two copies of a game disagree (a replayed outcome differs from the recorded one).
    case desync(String)
    /// The bytes do not decode as the expected game data.
    case corruptedPayload(String)
    /// Engine or settings version differs from what this build plays.
    case versionMismatch(String)
    /// The game id is not registered in this build.
    case unsupportedGameVersion(String)

    public enum Code: String, Codable, CaseIterable, Sendable {
        case invalidAction = "invalid_action"
        case notYourTurn = "not_your_turn"
        case gameOver = "game_over"
        case desync
        case corruptedPayload = "corrupted_payload"
        case versionMismatch = "version_mismatch"
        case unsupportedGameVersion = "unsupported_game_version"
    }

    public init(code: Code, message: String) {
        switch code {
        case .invalidAction: self = .invalidAction(message)
        case .notYourTurn: self = .notYourTurn(message)
        case .gameOver: self = .gameOver(message)
        case .desync: self = .desync(message)
        case .corruptedPayload: self = .corruptedPayload(message)
        case .versionMismatch: self = .versionMismatch(message)
        case .unsupportedGameVersion: self = .unsupportedGameVersion(message)
        }
    }

    public var code: Code {
        switch self {
        case .invalidAction: .invalidAction
        case .notYourTurn: .notYourTurn
        case .gameOver: .gameOver
        case .desync: .desync
        case .corruptedPayload: .corruptedPayload
        case .versionMismatch: .versionMismatch
        case .unsupportedGameVersion: .unsupportedGameVersion
        }
    }

    public var message: String {
        switch self {
        case .invalidAction(let message), .notYourTurn(let message), .gameOver(let message),
            .desync(let message), .corruptedPayload(let message), .versionMismatch(let message),
            .unsupportedGameVersion(let message):
            message
        }
    }

    /// The same error with context put in front of its message, e.g. which recorded action failed.
    public func prefixed(_ context: String) -> GameError {
        GameError(code: code, message: "\(context): \(message)")
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension GameError: Codable {
    private enum CodingKeys: String, CodingKey { case code, message }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(Code.self, forKey: .code),
            message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }
}
