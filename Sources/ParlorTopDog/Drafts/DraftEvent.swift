import BestBall
import Foundation

/// One event of a room's log, as stored and as sent in a `draft_event` frame. Events carry only
/// what every participant may see: never a queue.
package struct DraftEvent: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case participantJoined = "participant_joined"
        /// The room is full; the first pick starts at `starts_at`.
        case draftStarting = "draft_starting"
        case onTheClock = "on_the_clock"
        /// The clock on the current pick changed state (warning: ten seconds left).
        case timer
        case pickMade = "pick_made"
        /// A team went on or off autopick.
        case autopick
        case draftComplete = "draft_complete"
        /// An operator paused the room: `clock` (when a pick was running) shows what is left of
        /// it, frozen until `draft_resumed`.
        case draftPaused = "draft_paused"
        /// The room runs again: `clock` (or `starts_at` for a countdown) with the time that was left.
        case draftResumed = "draft_resumed"
        /// The room was closed without finishing its draft and its entries refunded.
        case draftCancelled = "draft_cancelled"
    }

    package struct Participant: Codable, Sendable, Equatable {
        package var entry: String
        package var name: String
        package var slot: Int?
    }

    package struct Clock: Codable, Sendable, Equatable {
        package var pick: Int
        package var label: String
        package var slot: Int
        package var startedAt: String
        /// When the shown clock reaches zero; `deadline` is when the server autopicks.
        package var endsAt: String
        package var deadline: String
        /// The clock's full length, and what was left of it when this was sent.
        package var pickMillis: Int64
        package var remainingMillis: Int64
        package var autopick: Bool
        package var phase: DraftClock.Phase

        enum CodingKeys: String, CodingKey {
            case pick, label, slot, autopick, phase, deadline
            case startedAt = "started_at", endsAt = "ends_at", pickMillis = "pick_millis", remainingMillis = "remaining_millis"
        }
    }

    package struct Pick: Codable, Sendable, Equatable {
        package var number: Int
        package var label: String
        package var slot: Int
        package var entry: String
        package var player: DraftPlayer
        package var auto: Bool
    }

    package var seq: Int
    package var kind: Kind
    package var at: String
    package var participant: Participant?
    package var participants: [Participant]?
    package var startsAt: String?
    package var clock: Clock?
    package var pick: Pick?
    /// For `autopick`: the team, and whether it is now on autopick.
    package var slot: Int?
    package var enabled: Bool?

    enum CodingKeys: String, CodingKey {
        case seq, kind, at, participant, participants, clock, pick, slot, enabled
        case startsAt = "starts_at"
    }

    package init(kind: Kind, at: Int64) {
        self.seq = 0
        self.kind = kind
        self.at = wireTime(at)
    }

    /// A team went on (`enabled`) or off autopick.
    static func autopick(slot: Int, enabled: Bool, at time: Int64) -> DraftEvent {
        var event = DraftEvent(kind: .autopick, at: time)
        event.slot = slot
        event.enabled = enabled
        return event
    }
}

/// A time as both channels write it: RFC 3339 UTC to the second.
package func wireTime(_ millis: Int64) -> String { Date(timeIntervalSince1970: Double(millis) / 1000).formatted(.iso8601) }
