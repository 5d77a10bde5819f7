import BestBall
import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP

/// An operator stops a room's clock and starts it again. Pausing keeps the room's stored times as
/// they were and records when it paused; resuming moves every stored time on by the pause's
/// length, so the pick (or the countdown) gets exactly the time it had left, whichever node
/// resumes it and however long after a restart.
extension DraftService {
    package func pause(_ roomID: String, by actor: String, reason: String) async throws -> DraftRoom {
        try await operate(roomID, action: "topdog.room.pause", by: actor, reason: reason) { loaded, time, change in
            switch loaded.room.status {
            case .countdown, .active: break
            case .paused: throw APIError.roomPaused
            case .filling: throw APIError.roomNotDrafting
            case .complete: throw APIError.roomComplete
            case .cancelled: throw APIError.roomCancelled
            }
            loaded.pause(at: time, into: &change)
        }
    }

    package func resume(_ roomID: String, by actor: String, reason: String) async throws -> DraftRoom {
        try await operate(roomID, action: "topdog.room.resume", by: actor, reason: reason) { loaded, time, change in
            guard loaded.room.status == .paused else { throw APIError.roomNotPaused }
            loaded.resume(at: time, into: &change)
        }
    }

    /// One operator action on a locked room: the change, its events (the notice to every node)
    /// and its audit record commit together.
    private func operate(
        _ roomID: String, action: String, by actor: String, reason: String,
        _ body: @escaping @Sendable (inout LoadedRoom, Int64, inout RoomChange) throws -> Void
    ) async throws -> DraftRoom {
        let reason = try AuditReasons.check(reason)
        let time = millis
        let after = try await bus.transaction(on: database) { sql, announcements -> LoadedRoom in
            guard var loaded = try await load(roomID, lock: true, on: sql) else { throw APIError.draftNotFound(roomID) }
            var change = RoomChange()
            try body(&loaded, time, &change)
            try await store(change, of: &loaded, at: time, on: sql, announcing: announcements)
            var details = ["status": loaded.room.status.rawValue]
            if let deadline = loaded.room.deadlineAt { details["deadline_at"] = String(deadline) }
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: action, targetKind: "draft_room", targetID: roomID, reason: reason, details: details), at: time, on: sql)
            return loaded
        } committed: { after in
            committed([after])
        }
        return after.room
    }
}

extension LoadedRoom {
    /// Stops the clock where it is: nothing is due while paused.
    mutating func pause(at now: Int64, into change: inout RoomChange) {
        var event = DraftEvent(kind: .draftPaused, at: now)
        if room.status == .active, let number = state.currentPick, let slot = state.onTheClock, let started = room.pickStartedAt {
            event.clock = eventClock(number: number, slot: slot, startedAt: started, now: now)
        }
        room.status = .paused
        room.pausedAt = now
        room.updateDue()
        change.events.append(event)
    }

    /// Starts the clock again with what was left of it: every stored time moves on by the pause.
    mutating func resume(at now: Int64, into change: inout RoomChange) {
        let shift = max(0, now - (room.pausedAt ?? now))
        room.pausedAt = nil
        var event = DraftEvent(kind: .draftResumed, at: now)
        // A room pauses from a countdown (no pick started yet) or from a running pick.
        if let started = room.pickStartedAt.map({ $0 + shift }) {
            room.status = .active
            room.pickStartedAt = started
            room.warnAt = room.warnAt.map { $0 + shift }
            room.deadlineAt = room.deadlineAt.map { $0 + shift }
            if let number = state.currentPick, let slot = state.onTheClock {
                // The team may have gone on or off autopick while paused: the clock follows it now.
                let autopick = state.autopilot.contains(slot)
                let clock = DraftClock(settings: settings, startedAt: started, autopick: autopick, now: now)
                room.deadlineAt = autopick ? max(clock.deadline, now) : clock.deadline
                if autopick { room.warnAt = nil }
                event.clock = eventClock(number: number, slot: slot, startedAt: started, now: now)
            }
        } else {
            room.status = .countdown
            room.startsAt = room.startsAt.map { $0 + shift }
            event.startsAt = room.startsAt.map(wireTime)
        }
        room.updateDue()
        change.events.append(event)
    }
}

/// The reason every operator action carries (the contract's `AuditReason`: 1 to 500 characters).
enum AuditReasons {
    static func check(_ reason: String) throws -> String {
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...500).contains(trimmed.count) else { throw APIError.invalidField("reason", "must be 1 to 500 characters") }
        return trimmed
    }
}

extension APIError {
    package static let roomPaused = APIError(.conflict, code: "room_paused", message: "an operator paused this draft room; it resumes with the time that was left")
    package static let roomNotPaused = APIError(.conflict, code: "room_not_paused", message: "this draft room is not paused")
    package static let roomNotDrafting = APIError(.conflict, code: "room_not_drafting", message: "this draft room is still filling; only a drafting room can be paused")
    package static let roomComplete = APIError(.conflict, code: "room_complete", message: "this draft room has finished drafting")
    package static let roomCancelled = APIError(.conflict, code: "room_cancelled", message: "this draft room was closed and its entries refunded")
}
