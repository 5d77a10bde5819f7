import Foundation
import ParlorEvents

/// TopDog's notice on the bus: a draft room's event log reached `seq`.
package struct DraftNotice: BusNotice {
    package var room: UUID
    package var seq: Int
    /// The stored JSON of the newest events up to `seq`; empty when they did not fit a notice
    /// (receivers load them from the room's log).
    package var events: [String]

    package init(room: UUID, seq: Int, events: [String]) {
        self.room = room
        self.seq = seq
        self.events = events
    }

    package static let kinds = ["draft"]
    package var kind: String { "draft" }
    package var audience: NoticeAudience { .subscribers(of: room) }

    /// The events are only a shortcut: without them the notice still says how far the log went.
    package func fitted(within limit: Int, size: (DraftNotice) -> Int?) -> DraftNotice? {
        events.isEmpty ? nil : DraftNotice(room: room, seq: seq, events: [])
    }

    private enum Key: String, CodingKey {
        // `game` for the room: the name every notice gives what it is about.
        case kind, room = "game", seq, events
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        room = try c.decode(UUID.self, forKey: .room)
        seq = try c.decode(Int.self, forKey: .seq)
        events = try c.decodeIfPresent([String].self, forKey: .events) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(room, forKey: .room)
        try c.encode(seq, forKey: .seq)
        if !events.isEmpty { try c.encode(events, forKey: .events) }
    }
}
