import Foundation

/// The types the server sends.
public enum RealtimeServerMessageType: String, Codable, Sendable, CaseIterable {
    /// First message after authentication: `{"type":"welcome","user":…,"protocol":1,"heartbeat":20}`.
    case welcome
    /// The receiver's view of a game now: the answer to `subscribe`, and after any gap.
    case state
    /// `{"type":"game_started","game":…,"seq":0,"seats":[…],"view":…}`
    case gameStarted = "game_started"
    /// One applied move, with the receiver's view after it.
    case moveMade = "move_made"
    /// The answer to the sender's own `move` or `resign`.
    case ack
    case playerJoined = "player_joined"
    case playerLeft = "player_left"
    case playerReconnected = "player_reconnected"
    /// `{"type":"game_ended","game":…,"seq":…,"outcome":…,"ratings":[…]}`
    case gameEnded = "game_ended"
    case chatMessage = "chat_message"
    /// A quick match put the receiver in a game.
    case matchFound = "match_found"
    /// Someone invited the receiver to a waiting game:
    /// `{"type":"invitation","game":…,"invitation":…,"from":…,"expires_at":…}` (milliseconds).
    case invitation
    case error
    case pong
    /// A draft room as the receiver sees it (the REST `DraftRoom`), with the events after the
    /// subscription's `since`: the answer to `draft_subscribe`.
    case draftState = "draft_state"
    /// One event of a draft room's log (pick made, on the clock, timer, autopick, participant
    /// joined, draft starting, draft complete), in `seq` order, each once.
    case draftEvent = "draft_event"
    /// A friend came online, went offline, or entered or left a game.
    case friendPresence = "friend_presence"
    /// The friend list changed; load it again.
    case friendsChanged = "friends_changed"
    /// The receiver unlocked an achievement.
    case achievementUnlocked = "achievement_unlocked"
    /// The receiver's synced Tandem stats changed on another device (or were cleared): pull now.
    case syncChanged = "sync_changed"
}


public struct RealtimeWelcome: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.welcome.rawValue
    public var user: String
    public var `protocol`: Int
    /// Seconds between the server's pings; a connection silent for three of them is closed.
    public var heartbeat: Int
    public init(user: String, protocol: Int = RealtimeProtocol.version, heartbeat: Int) {
        self.user = user
        self.protocol = `protocol`
        self.heartbeat = heartbeat
    }
}

/// Who sits where, as the game started.
public struct RealtimeSeat: Codable, Sendable, Equatable {
    public var seat: Int
    public var user: String
    public var name: String
    public init(seat: Int, user: String, name: String) {
        self.seat = seat
        self.user = user
        self.name = name
    }
}

/// One entry of a game's move list.
public struct RealtimeMoveRecord<Action: Codable & Sendable>: Codable, Sendable {
    public var seq: Int
    public var seat: Int
    /// Nil for a resignation the game's rules have no action for.
    public var action: Action?
    public var kind: String
    public init(seq: Int, seat: Int, action: Action?, kind: String) {
        self.seq = seq
        self.seat = seat
        self.action = action
        self.kind = kind
    }
}

/// `state`: the receiver's view at `seq`, and the moves after the `since` it subscribed with.
public struct RealtimeState<Action: Codable & Sendable, View: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeServerMessageType.state.rawValue
    @WireUUID public var game: UUID
    /// The game module's id, e.g. `quortex`.
    public var gameType: String
    public var seq: Int
    /// `waiting`, `active`, `completed` or `abandoned` (cancelled or expired before it started).
    public var status: String
    /// The receiver's seat; nil for a spectator or before seats are assigned.
    public var seat: Int?
    public var seats: [RealtimeSeat]
    /// Nil while the game is waiting for players.
    public var view: View?
    /// Moves after the `since` of the subscription, oldest first (empty without `since`).
    public var missed: [RealtimeMoveRecord<Action>]
    public var outcome: RealtimeOutcome?
    /// In the answer to `subscribe` only: the game's latest chat lines the receiver may read,
    /// oldest first, so a connection that comes back has what it missed.
    public var chat: [RealtimeChatMessage]?
    private enum CodingKeys: String, CodingKey {
        case type, game, gameType = "game_type", seq, status, seat, seats, view, missed, outcome, chat
    }
    public init(
        game: UUID, gameType: String, seq: Int, status: String, seat: Int?, seats: [RealtimeSeat], view: View?,
        missed: [RealtimeMoveRecord<Action>], outcome: RealtimeOutcome?, chat: [RealtimeChatMessage]? = nil
    ) {
        self.chat = chat
        self.game = game
        self.gameType = gameType
        self.seq = seq
        self.status = status
        self.seat = seat
        self.seats = seats
        self.view = view
        self.missed = missed
        self.outcome = outcome
    }
}

public struct RealtimeGameStarted<View: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeServerMessageType.gameStarted.rawValue
    @WireUUID public var game: UUID
    public var seq: Int
    public var seat: Int?
    public var seats: [RealtimeSeat]
    public var view: View
    public init(game: UUID, seq: Int, seat: Int?, seats: [RealtimeSeat], view: View) {
        self.game = game
        self.seq = seq
        self.seat = seat
        self.seats = seats
        self.view = view
    }
}

public struct RealtimeMoveMade<Action: Codable & Sendable, View: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeServerMessageType.moveMade.rawValue
    @WireUUID public var game: UUID
    public var seq: Int
    public var seat: Int
    public var action: Action?
    public var kind: String
    public var view: View
    public init(game: UUID, seq: Int, seat: Int, action: Action?, kind: String, view: View) {
        self.game = game
        self.seq = seq
        self.seat = seat
        self.action = action
        self.kind = kind
        self.view = view
    }
}

public struct RealtimeAck: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.ack.rawValue
    @WireUUID public var game: UUID
    public var moveId: String
    /// The sequence number the move produced.
    public var seq: Int
    /// True when this answers a repeat of an already applied move id.
    public var repeated: Bool
    private enum CodingKeys: String, CodingKey { case type, game, moveId = "move_id", seq, repeated }
    public init(game: UUID, moveId: String, seq: Int, repeated: Bool) {
        self.game = game
        self.moveId = moveId
        self.seq = seq
        self.repeated = repeated
    }
}

/// `player_joined`, `player_left`, `player_reconnected`.
public struct RealtimePresence: Codable, Sendable, Equatable {
    public var type: String
    @WireUUID public var game: UUID
    public var user: String
    public var seat: Int?
    public init(type: RealtimeServerMessageType, game: UUID, user: String, seat: Int?) {
        self.type = type.rawValue
        self.game = game
        self.user = user
        self.seat = seat
    }
}

public struct RealtimeOutcome: Codable, Sendable, Equatable {
    public var winners: [Int]
    public var winType: String
    private enum CodingKeys: String, CodingKey { case winners, winType = "win_type" }
    public init(winners: [Int], winType: String) {
        self.winners = winners
        self.winType = winType
    }
}

public struct RealtimeRatingChange: Codable, Sendable, Equatable {
    public var user: String
    public var seat: Int
    public var before: Int
    public var after: Int
    public init(user: String, seat: Int, before: Int, after: Int) {
        self.user = user
        self.seat = seat
        self.before = before
        self.after = after
    }
}

public struct RealtimeGameEnded: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.gameEnded.rawValue
    @WireUUID public var game: UUID
    public var seq: Int
    public var outcome: RealtimeOutcome
    public var ratings: [RealtimeRatingChange]
    public init(game: UUID, seq: Int, outcome: RealtimeOutcome, ratings: [RealtimeRatingChange]) {
        self.game = game
        self.seq = seq
        self.outcome = outcome
        self.ratings = ratings
    }
}

public struct RealtimeChatMessage: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.chatMessage.rawValue
    /// The stored line's id: the same line replayed after a reconnect has the same one.
    public var id: String?
    @WireUUID public var game: UUID
    public var user: String
    public var name: String
    public var text: String
    @WireDate public var at: Date
    public init(id: String? = nil, game: UUID, user: String, name: String, text: String, at: Date) {
        self.id = id
        self.game = game
        self.user = user
        self.name = name
        self.text = text
        self.at = at
    }
}

public struct RealtimeMatchFound: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.matchFound.rawValue
    @WireUUID public var game: UUID
    public init(game: UUID) { self.game = game }
}

/// An invitation to a waiting game, sent to each of the invitee's connections whether or not they
/// are subscribed to it; answer it with `POST /invitations/{id}/accept` or `…/decline`.
public struct RealtimeInvitation: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.invitation.rawValue
    @WireUUID public var game: UUID
    public var invitation: String
    /// The inviting user's id.
    public var from: String
    @WireDate public var expiresAt: Date

    enum CodingKeys: String, CodingKey { case type, game, invitation, from, expiresAt = "expires_at" }

    public init(game: UUID, invitation: String, from: String, expiresAt: Date) {
        self.game = game
        self.invitation = invitation
        self.from = from
        self.expiresAt = expiresAt
    }
}

/// A refused message. `code` is stable: `not_your_turn`, `invalid_action`, `game_over`, `stale`,
/// `not_a_player`, `not_found`, `not_started`, `malformed`, `unauthorized`, `rate_limited`,
/// `too_large`, `chat_too_long`, `unsupported`.
public struct RealtimeError: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.error.rawValue
    public var code: String
    public var message: String
    @OptionalWireUUID public var game: UUID?
    public var moveId: String?
    /// With `rate_limited` from a per-user limit (chat): seconds until the next line is accepted.
    public var retryAfter: Int?
    private enum CodingKeys: String, CodingKey { case type, code, message, game, moveId = "move_id", retryAfter = "retry_after" }
    public init(code: String, message: String, game: UUID? = nil, moveId: String? = nil, retryAfter: Int? = nil) {
        self.retryAfter = retryAfter
        self.code = code
        self.message = message
        self.game = game
        self.moveId = moveId
    }
}

public struct RealtimePong: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.pong.rawValue
    public var id: String?
    public init(id: String?) { self.id = id }
}
