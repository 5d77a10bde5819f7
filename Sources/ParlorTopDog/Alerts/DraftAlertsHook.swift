import BestBall
import Foundation
import SQLKit

/// What TopDog tells the push capability, which it cannot name (push depends on TopDog): inside
/// the transaction of every room change, the alerts the users want and the room's clock for the
/// Live Activities that follow it.
package protocol DraftAlertsHook: Sendable {
    func draftChanged(alerts: [DraftAlert], activity: DraftActivity?, at time: Int64, on sql: any SQLDatabase) async throws
}

/// A draft room's clock as its Live Activity shows it (the seed's `DraftTimerAttributes`).
package struct DraftActivity: Sendable, Equatable {
    package var room: String
    /// The draft completed: the activity ends.
    package var ended: Bool
    package var pick: Int
    package var round: Int
    package var pickInRound: Int
    /// When the shown clock reaches zero, milliseconds since 1970.
    package var endsAt: Int64
    /// The user on the clock, and the name the room shows for them.
    package var onTheClock: String?
    package var onTheClockName: String?
    /// Everyone in the room: each may follow it with a Live Activity.
    package var users: [String]
    /// Orders the updates of one room: the room's event seq.
    package var seq: Int
}

extension LoadedRoom {
    /// The clock a change leaves the room with, if it moved the clock or ended the draft.
    func activity(after change: RoomChange) -> DraftActivity? {
        let users = entries.map(\.userID)
        if change.events.contains(where: { $0.kind == .draftComplete || $0.kind == .draftCancelled }) {
            let last = state.settings.totalPicks
            return DraftActivity(
                room: room.id, ended: true, pick: last, round: state.order.round(of: last), pickInRound: state.order.pickInRound(of: last),
                endsAt: room.completedAt ?? 0, users: users, seq: room.seq)
        }
        // A paused room's clock is frozen: its Live Activity keeps the last update until the resume.
        guard change.events.contains(where: { $0.clock != nil }), !change.events.contains(where: { $0.kind == .draftPaused }), let number = state.currentPick, let slot = state.onTheClock,
            let started = room.pickStartedAt
        else { return nil }
        let endsAt = DraftClock(settings: settings, startedAt: started, autopick: state.autopilot.contains(slot), now: started).endsAt
        let entry = entry(slot: slot)
        return DraftActivity(
            room: room.id, ended: false, pick: number, round: state.order.round(of: number), pickInRound: state.order.pickInRound(of: number),
            endsAt: endsAt, onTheClock: entry?.userID, onTheClockName: entry?.name,
            users: users, seq: room.seq)
    }
}
