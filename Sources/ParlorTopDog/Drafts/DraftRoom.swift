import BestBall
import Foundation

package enum RoomStatus: String, Sendable, Codable {
    /// Taking entries.
    case filling
    /// Full; the first pick starts at `starts_at`.
    case countdown
    case active
    case complete
}

/// A draft room's row: its status, event sequence and the stored times its clock runs on.
package struct DraftRoom: Sendable, Equatable {
    package var id: String
    package var tournamentID: String
    package var status: RoomStatus
    package var seats: Int
    /// The last event's sequence number.
    package var seq: Int
    package var startsAt: Int64?
    package var pickStartedAt: Int64?
    /// When the clock turns to its warning state (the "ten seconds remaining" alert).
    package var warnAt: Int64?
    /// When the server autopicks.
    package var deadlineAt: Int64?
    /// The earliest of the times above: what the timer loops look for.
    package var dueAt: Int64?
    package var autopilot: Set<Int>
    package var createdAt: Int64
    package var completedAt: Int64?

    mutating func updateDue() {
        dueAt = [startsAt.flatMap { status == .countdown ? $0 : nil }, warnAt, deadlineAt].compactMap { $0 }.min()
    }
}

/// One entry: a user's team in a tournament, seated in a room.
package struct DraftEntry: Sendable, Equatable {
    package var id: String
    package var tournamentID: String
    package var roomID: String
    package var userID: String
    /// The name the room shows (the user's display name when they entered).
    package var name: String
    /// Entry order within the tournament, from 1: the last tiebreaker.
    package var order: Int
    /// The draft slot (from 0), dealt when the room fills.
    package var slot: Int?
    package var transactionID: String
    package var createdAt: Int64
}

/// Everything a room's draft is decided from, loaded in one transaction.
package struct LoadedRoom: Sendable {
    package var room: DraftRoom
    package var tournament: Tournament
    package var entries: [DraftEntry]
    package var state: DraftState

    package func entry(slot: Int) -> DraftEntry? { entries.first { $0.slot == slot } }
    package func entry(of user: String) -> DraftEntry? { entries.first { $0.userID == user } }
}
