import BestBall
import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import ServiceLifecycle
import SQLKit

/// Fires every room's stored times: a countdown ending starts the draft, a warning tells the room
/// and alerts the team on the clock, an expired pick is autopicked. Every node runs this loop; a
/// due room is claimed with `FOR UPDATE SKIP LOCKED` in the transaction that acts on it, so each
/// time fires once, on one node, and a node killed mid-draft leaves its rooms to the others.
///
/// Between rounds the loop sleeps until the earliest stored time, at least `interval` and at most
/// `longestWait`. Every change to a room, on any node, sends a draft notice, and the notice wakes
/// the loop to read the earliest time again: an idle node reads once a `longestWait`, where it
/// looked ten times a second.
package struct DraftTimerService: Service {
    let drafts: DraftService
    let interval: Duration
    let longestWait: Duration

    package init(drafts: DraftService, interval: Duration, longestWait: Duration = .seconds(1)) {
        self.drafts = drafts
        self.interval = interval
        self.longestWait = max(longestWait, interval)
    }

    package func run() async throws {
        let wakeup = TimerWakeup()
        let subscription = drafts.bus.subscribe { notice in
            if notice.as(DraftNotice.self) != nil { wakeup.wake() }
        }
        defer { subscription.cancel() }
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let next = await round()
            await wakeup.pause(interval: interval, until: next, now: { drafts.millis }, longestWait: longestWait)
        }
    }

    /// Fires what is due; the earliest stored time still ahead (`.max` for none), or nil to look
    /// again after `interval` (something fired, or the database failed).
    private func round() async -> Int64? {
        do {
            // Tournament start times wait here too: rooms still filling then meet their policy.
            let next = min(try await drafts.nextDue() ?? .max, try await drafts.nextStart() ?? .max)
            guard next <= drafts.millis else { return next }
            while try await drafts.applyStartPolicies(limit: 16) == 16 {}
            // Keep going while a batch comes back full: a burst of due rooms drains at once.
            while try await drafts.fireDue(limit: 32) == 32 {}
        } catch {
            drafts.logger.warning("draft timers failed", metadata: ["error": "\(error)"])
        }
        return nil
    }
}

extension DraftService {
    /// The earliest time stored in any room, or nil when none has one.
    func nextDue() async throws -> Int64? {
        try await database.withConnection { sql in
            try await sql.raw("SELECT MIN(due_at) AS next FROM topdog_rooms").first()?.decode(column: "next", as: Int64?.self)
        }
    }

    /// Acts on up to `limit` rooms whose stored time has come; returns how many.
    @discardableResult
    package func fireDue(limit: Int = 32) async throws -> Int {
        let time = millis
        let dialect = database.dialect
        // A plain read first: most ticks find nothing due, and must not take SQLite's write lock.
        let anyDue = try await database.withConnection { sql in
            try await sql.raw("SELECT 1 AS due FROM topdog_rooms WHERE due_at <= \(bind: time) LIMIT 1").first() != nil
        }
        guard anyDue else { return 0 }
        let pool = try await self.pool.pool()
        let after = try await bus.transaction(on: database) { sql, announcements in
            var after: [LoadedRoom] = []
            for id in try await RoomStore.due(at: time, limit: limit, dialect: dialect, on: sql) {
                guard var loaded = try await load(id, lock: true, on: sql) else { continue }
                var change = RoomChange()
                try await advance(&loaded, pool: pool, at: time, into: &change, on: sql)
                try await store(change, of: &loaded, at: time, on: sql, announcing: announcements)
                after.append(loaded)
            }
            return after
        } committed: { after in
            committed(after)
        }
        return after.count
    }

    /// Whatever is due in the room now: the start, the warning, or the autopick.
    private func advance(_ loaded: inout LoadedRoom, pool: PlayerPool, at time: Int64, into change: inout RoomChange, on sql: any SQLDatabase) async throws {
        switch loaded.room.status {
        case .countdown:
            guard let starts = loaded.room.startsAt, starts <= time else { return }
            for entry in loaded.entries where !HouseTeams.owns(entry) {
                change.alerts.append(.draftStarting(user: entry.userID, room: loaded.room.id, tournament: loaded.tournament.title))
            }
            loaded.startNextPick(at: time, into: &change)
        case .active:
            if let deadline = loaded.room.deadlineAt, deadline <= time {
                guard let slot = loaded.state.onTheClock, let entry = loaded.entry(slot: slot) else {
                    loaded.startNextPick(at: time, into: &change)
                    return
                }
                let queue = try await RoomStore.queue(of: entry.id, on: sql)
                let wasOn = loaded.state.autopilot.contains(slot)
                guard let pick = loaded.state.autopick(queue: queue, in: pool, at: time) else {
                    // Nothing fits: only a pool emptied under a running draft gets here.
                    logger.error("no player fits an autopick", metadata: ["room": "\(loaded.room.id)", "slot": "\(slot)"])
                    loaded.room.deadlineAt = time + 60_000
                    loaded.room.updateDue()
                    return
                }
                try await RoomStore.insert(pick, room: loaded.room.id, entry: entry.id, on: sql)
                loaded.afterPick(pick, pool: pool, wentOnAutopick: !wasOn, at: time, into: &change)
            } else if let warn = loaded.room.warnAt, warn <= time {
                loaded.fireWarning(at: time, into: &change)
            } else {
                loaded.room.updateDue()
            }
        case .filling, .complete, .paused, .cancelled:
            loaded.room.dueAt = nil
        }
    }
}
