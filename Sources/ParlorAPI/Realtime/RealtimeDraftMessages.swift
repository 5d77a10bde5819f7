import Foundation

// TopDog's draft room messages on the real-time channel: `draft_subscribe` and
// `draft_unsubscribe` from the client, `draft_state` and `draft_event` from the server.

public struct RealtimeDraftSubscribe: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.draftSubscribe.rawValue
    @WireUUID public var room: UUID
    public var since: Int?
    public init(room: UUID, since: Int? = nil) {
        self.room = room
        self.since = since
    }
}

public struct RealtimeDraftUnsubscribe: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.draftUnsubscribe.rawValue
    @WireUUID public var room: UUID
    public init(room: UUID) { self.room = room }
}

/// The answer to `draft_subscribe`. `Draft` and `Event` are the room and event JSON (the REST
/// `DraftRoom`, and TopDog's event), left generic so a client decodes them into its own types.
public struct RealtimeDraftState<Draft: Codable & Sendable, Event: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeServerMessageType.draftState.rawValue
    @WireUUID public var room: UUID
    public var seq: Int
    public var draft: Draft
    public var missed: [Event]
    public init(room: UUID, seq: Int, draft: Draft, missed: [Event]) {
        self.room = room
        self.seq = seq
        self.draft = draft
        self.missed = missed
    }
}

public struct RealtimeDraftEvent<Event: Codable & Sendable>: Codable, Sendable {
    public var type = RealtimeServerMessageType.draftEvent.rawValue
    @WireUUID public var room: UUID
    public var event: Event
    public init(room: UUID, event: Event) {
        self.room = room
        self.event = event
    }
}
