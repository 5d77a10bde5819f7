import Foundation
import ParlorAPI

/// A message about one TopDog draft room, decoded with the caller's room and event types (the
/// REST `DraftRoom`, or an app's own model of it, and its event).
public enum RealtimeDraftUpdate<Draft: Codable & Sendable, Event: Codable & Sendable>: Sendable {
    /// The room now, with the events after the subscription's `since`: the answer to a
    /// subscription, and after every reconnect.
    case state(RealtimeDraftState<Draft, Event>)
    case event(RealtimeDraftEvent<Event>)
    /// The subscription was refused (no such room, or no entry in it).
    case error(RealtimeError)
    /// A type this build does not know, or a frame that did not decode: kept, never fatal.
    case other(RealtimeInbound)

    public init(_ inbound: RealtimeInbound) {
        func decoded<Message: Decodable>(_ type: Message.Type, _ wrap: (Message) -> Self) -> Self {
            inbound.typed(type, wrap, otherwise: Self.other)
        }
        switch inbound.type {
        case .draftState?: self = decoded(RealtimeDraftState<Draft, Event>.self, Self.state)
        case .draftEvent?: self = decoded(RealtimeDraftEvent<Event>.self, Self.event)
        case .error?: self = decoded(RealtimeError.self, Self.error)
        default: self = .other(inbound)
        }
    }
}

extension RealtimeEvents {
    /// Draft room `room`'s messages from now on, decoded; subscribes as ``draft(_:)`` does.
    public func draftUpdates<Draft: Codable & Sendable, Event: Codable & Sendable>(
        of room: UUID, draft _: Draft.Type, event _: Event.Type
    ) async throws -> AsyncStream<RealtimeDraftUpdate<Draft, Event>> {
        try await draft(room).map(RealtimeDraftUpdate<Draft, Event>.init).eraseToStream()
    }
}
