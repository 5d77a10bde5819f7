import Foundation

/// The real-time channel's wire contract (`GET /ws`, one WebSocket per client): `asyncapi.yaml`
/// at the repository root, in code. The contract tests hold the two to each other.
///
/// Every message is one JSON text frame with a `type` tag. Game-specific parts (an action, a view)
/// are the game module's own `Codable` forms, so these types are generic over them; a receiver
/// first decodes a ``RealtimeEnvelope`` to learn the type and game, then the typed message.
public enum RealtimeProtocol {
    /// Raised whenever a message changes incompatibly; sent in `welcome`.
    public static let version = 3
    /// The WebSocket path on the server.
    public static let path = "/ws"
}

/// What every message carries: its type and, for game messages, the game.
public struct RealtimeEnvelope: Codable, Sendable, Equatable {
    public var type: String
    @OptionalWireUUID public var game: UUID?

    public init(type: String, game: UUID? = nil) {
        self.type = type
        self.game = game
    }
}

/// The types a client sends.
public enum RealtimeClientMessageType: String, Codable, Sendable, CaseIterable {
    /// `{"type":"authenticate","token":…}`: only needed when the upgrade request had no
    /// `Authorization: Bearer` header; must be the first message.
    case authenticate
    /// `{"type":"subscribe","game":…,"since":12}`: receive the game's events. `since` is the last
    /// sequence number seen (after a reconnect); the answer is a `state` with what was missed.
    case subscribe
    case unsubscribe
    /// `{"type":"move","game":…,"move_id":"c-7","action":…,"seq":12}`: `seq`, when sent, is the
    /// sequence number the move was made against; another one answers `stale`.
    case move
    /// `{"type":"resign","game":…,"move_id":…}`
    case resign
    /// `{"type":"chat","game":…,"text":…}`
    case chat
    /// `{"type":"ping","id":…}`: answered with `pong`.
    case ping
    /// `{"type":"draft_subscribe","room":…,"since":40}`: follow a TopDog draft room you have an
    /// entry in. The answer is a `draft_state`, with the events after `since` when given.
    case draftSubscribe = "draft_subscribe"
    case draftUnsubscribe = "draft_unsubscribe"
    /// `{"type":"leave_game","game":…,"move_id":…}`: see ``RealtimeLeaveGame``.
    case leaveGame = "leave_game"
    /// `{"type":"request_rematch","game":…}`: see ``RealtimeRequestRematch``.
    case requestRematch = "request_rematch"
}


public struct RealtimeAuthenticate: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.authenticate.rawValue
    public var token: String
    public init(token: String) { self.token = token }
}

public struct RealtimeSubscribe: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.subscribe.rawValue
    @WireUUID public var game: UUID
    public var since: Int?
    public init(game: UUID, since: Int? = nil) {
        self.game = game
        self.since = since
    }
}

public struct RealtimeUnsubscribe: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.unsubscribe.rawValue
    @WireUUID public var game: UUID
    public init(game: UUID) { self.game = game }
}

/// A move; `moveId` is chosen by the client and makes a retry harmless.
public struct RealtimeMove<Action: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeClientMessageType.move.rawValue
    @WireUUID public var game: UUID
    public var moveId: String
    public var action: Action
    public var seq: Int?
    private enum CodingKeys: String, CodingKey { case type, game, moveId = "move_id", action, seq }
    public init(game: UUID, moveId: String, action: Action, seq: Int? = nil) {
        self.game = game
        self.moveId = moveId
        self.action = action
        self.seq = seq
    }
}

public struct RealtimeResign: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.resign.rawValue
    @WireUUID public var game: UUID
    public var moveId: String
    private enum CodingKeys: String, CodingKey { case type, game, moveId = "move_id" }
    public init(game: UUID, moveId: String) {
        self.game = game
        self.moveId = moveId
    }
}

public struct RealtimeChat: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.chat.rawValue
    @WireUUID public var game: UUID
    public var text: String
    public init(game: UUID, text: String) {
        self.game = game
        self.text = text
    }
}

public struct RealtimePing: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.ping.rawValue
    public var id: String?
    public init(id: String? = nil) { self.id = id }
}
