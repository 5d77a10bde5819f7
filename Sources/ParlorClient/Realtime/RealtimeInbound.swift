import Foundation
import ParlorAPI

/// One message from the server, as the connection delivers it.
///
/// The connection cannot decode the typed message itself: `state`, `move_made` and the others are
/// generic over the game's Action and View, which only the caller knows. So it hands over the
/// envelope it needed for routing and resume, and the raw JSON for the caller to decode again with
/// its game's types (`try inbound.decode(RealtimeMoveMade<QuortexAction, QuortexView>.self)`).
public struct RealtimeInbound: Sendable {
    /// The message's `type` and `game`.
    public let envelope: RealtimeEnvelope
    /// The known type, or nil for a type this build does not know (delivered, never fatal).
    public let type: RealtimeServerMessageType?
    /// The message's per-game sequence number, when it has one (`state`, `game_started`,
    /// `move_made`, `game_ended`, `ack`), or a draft room's (`draft_state`'s `seq`, a
    /// `draft_event`'s `event.seq`).
    public let seq: Int?
    /// The `move_id` an `ack` or an `error` answers, read with the routing fields so that a
    /// mover learns its move was applied without decoding the frame again.
    public let moveId: String?
    /// The draft room of a `draft_state` or `draft_event`.
    public let room: UUID?
    /// The whole text frame, UTF-8 JSON.
    public let data: Data
    /// When the frame was read from the socket, before it waited for the app to take it.
    public let receivedAt: ContinuousClock.Instant

    public init(
        envelope: RealtimeEnvelope, seq: Int?, data: Data, receivedAt: ContinuousClock.Instant = .now, moveId: String? = nil, room: UUID? = nil
    ) {
        self.envelope = envelope
        type = RealtimeServerMessageType(rawValue: envelope.type)
        self.seq = seq
        self.moveId = moveId
        self.room = room
        self.data = data
        self.receivedAt = receivedAt
    }

    /// The game this message belongs to, nil for a message about the user rather than one game
    /// (`welcome`, a match found, an invitation, friends, achievements), whatever game it names.
    public var routedGame: UUID? {
        guard let game = envelope.game else { return nil }
        if let type, Self.userTypes.contains(type) { return nil }
        return game
    }

    static let userTypes: Set<RealtimeServerMessageType> = [
        .welcome, .matchFound, .invitation, .friendPresence, .friendsChanged, .achievementUnlocked, .syncChanged,
    ]

    /// Decodes the frame as `message`, e.g. `RealtimeState<QuortexAction, QuortexView>.self`.
    public func decode<Message: Decodable>(_ message: Message.Type) throws -> Message {
        try JSONDecoder().decode(Message.self, from: data)
    }
}

extension RealtimeInbound {
    /// What resume needs beyond the envelope: a `state`'s status and whether an `error` answers a
    /// move (rather than a subscription).
    package struct Details: Sendable {
        var status: String?
        var answersMove: Bool
    }

    /// Parses a frame's routing fields; nil when the frame is not a JSON object with a `type`.
    /// `data` is UTF-8 (the text of a text frame).
    package static func parse(_ data: Data) -> (inbound: RealtimeInbound, details: Details)? {
        guard let probe = RealtimeFrameProbe.parse(data) ?? RealtimeLenientProbe.parse(data) else { return nil }
        var seq = probe.seq
        var room: UUID?
        if probe.type == RealtimeServerMessageType.draftState.rawValue || probe.type == RealtimeServerMessageType.draftEvent.rawValue {
            // The probe knows games, not rooms; a draft frame is read once more for its room and
            // event number (drafts send a few frames a minute, games many a second).
            guard let draft = RealtimeDraftProbe.parse(data) else { return nil }
            room = draft.room
            seq = draft.seq
        }
        let inbound = RealtimeInbound(
            envelope: RealtimeEnvelope(type: probe.type, game: probe.game), seq: seq, data: data, moveId: probe.moveId, room: room)
        return (inbound, Details(status: probe.status, answersMove: probe.moveId != nil))
    }
}
