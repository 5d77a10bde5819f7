import BestBall
import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// A room as one participant reads it, and the list of a user's live rooms.
extension DraftService {
    package struct Snapshot: Sendable {
        package var loaded: LoadedRoom
        package var entry: DraftEntry
        package var pool: PlayerPool
        package var now: Int64

        package var clock: DraftEvent.Clock? {
            // A paused room shows its clock as it stood when it paused.
            let now = loaded.room.status == .paused ? (loaded.room.pausedAt ?? self.now) : self.now
            guard loaded.room.status == .active || (loaded.room.status == .paused && loaded.room.pickStartedAt != nil), let number = loaded.state.currentPick, let slot = loaded.state.onTheClock,
                let started = loaded.room.pickStartedAt
            else { return nil }
            return loaded.eventClock(number: number, slot: slot, startedAt: started, now: now)
        }

        package var picksUntilMyTurn: Int? {
            guard let slot = entry.slot, [.active, .countdown, .paused].contains(loaded.room.status) else { return nil }
            guard let current = loaded.state.currentPick else { return nil }
            return loaded.state.order.picksUntil(team: slot, from: current)
        }
    }

    package func snapshot(of roomID: String, for user: String) async throws -> Snapshot {
        let pool = try await self.pool.pool()
        let (loaded, entry) = try await database.withConnection { sql in
            try participant(user, in: try await load(roomID, lock: false, on: sql), room: roomID)
        }
        return Snapshot(loaded: loaded, entry: entry, pool: pool, now: millis)
    }

    /// The user's rooms still filling, counting down or drafting, newest first.
    package func live(for user: String) async throws -> [(entry: DraftEntry, room: DraftRoom, tournament: Tournament, picks: Int)] {
        try await database.withConnection { sql in
            var result: [(DraftEntry, DraftRoom, Tournament, Int)] = []
            for entry in try await RoomStore.entries(of: user, on: sql) {
                guard let room = try await RoomStore.find(entry.roomID, on: sql), room.status != .complete, room.status != .cancelled,
                    let tournament = try await TournamentStore.find(entry.tournamentID, on: sql)
                else { continue }
                let picks = try await sql.raw("SELECT COUNT(*) AS n FROM topdog_picks WHERE room_id = \(bind: room.id)").first()?
                    .decode(column: "n", as: Int.self) ?? 0
                result.append((entry, room, tournament, picks))
            }
            return result
        }
    }

    /// The room's events after `seq`, as stored.
    package func events(of roomID: String, after seq: Int) async throws -> [(seq: Int, body: String)] {
        try await database.withConnection { sql in try await RoomStore.events(of: roomID, after: seq, on: sql) }
    }
}
