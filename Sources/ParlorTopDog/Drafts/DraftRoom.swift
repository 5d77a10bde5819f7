import BestBall
import Foundation

package enum RoomStatus: String, Sendable, Codable {
    /// Taking entries.
    case filling
    /// Full; the first pick starts at `starts_at`.
    case countdown
    case active
    /// Stopped by an operator: no clock runs, no pick is taken, until it is resumed.
    case paused
    case complete
    /// Closed without a draft (its tournament was cancelled, or it never filled and its entries
    /// were refunded); never drafts again.
    case cancelled
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
    /// When an operator paused the room. The clock's stored times stay as they were at that
    /// moment, so what was left of it is theirs minus this (stored: any node resumes it).
    package var pausedAt: Int64? = nil

    mutating func updateDue() {
        guard status != .paused, status != .cancelled else {
            dueAt = nil
            return
        }
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
