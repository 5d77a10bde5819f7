import BestBall
import Foundation
import ParlorDatabase
import ParlorEvents
import ParlorHTTP

/// What participants do in a room: pick, keep a private queue, turn autopick on or off.
extension DraftService {
    /// The caller picks `playerID` for their team. A retry of a pick already made (the same player
    /// by the same team) answers that pick again and changes nothing.
    package func pick(_ playerID: String, by user: String, in roomID: String) async throws -> MadePick {
        let pool = try await self.pool.pool()
        let time = millis
        let (made, _) = try await bus.transaction(on: database) { sql, announcements -> (MadePick, LoadedRoom?) in
            var (loaded, entry) = try participant(user, in: try await load(roomID, lock: true, on: sql), room: roomID)
            if let slot = entry.slot, let earlier = loaded.state.picks.first(where: { $0.team == slot && $0.playerID == playerID && !$0.auto }) {
                return (MadePick(pick: earlier, entry: entry.id, order: loaded.state.order, repeated: true), nil)
            }
            if loaded.room.status == .paused { throw APIError.roomPaused }
            if loaded.room.status == .cancelled { throw APIError.roomCancelled }
            guard loaded.room.status == .active || loaded.room.status == .complete, let slot = entry.slot else { throw APIError.draftNotStarted }
            let pick: DraftPick
            do {
                pick = try loaded.state.pick(playerID, by: slot, in: pool, at: time)
            } catch let error as DraftError {
                throw APIError.refusedPick(error)
            }
            try await RoomStore.insert(pick, room: roomID, entry: entry.id, on: sql)
            var change = RoomChange()
            if loaded.room.autopilot.contains(slot) {
                change.events.append(DraftEvent.autopick(slot: slot, enabled: false, at: time))
            }
            loaded.afterPick(pick, pool: pool, wentOnAutopick: false, at: time, into: &change)
            try await store(change, of: &loaded, at: time, on: sql, announcing: announcements)
            return (MadePick(pick: pick, entry: entry.id, order: loaded.state.order, repeated: false), loaded)
        } committed: { _, after in
            committed(after.map { [$0] } ?? [])
        }
        return made
    }

    /// Turns the caller's autopick on or off; turning it off is how an owner takes back a team
    /// the server has been drafting for since it missed a pick.
    package func setAutopick(_ enabled: Bool, by user: String, in roomID: String) async throws -> Bool {
        let time = millis
        _ = try await bus.transaction(on: database) { sql, announcements -> LoadedRoom? in
            var (loaded, entry) = try participant(user, in: try await load(roomID, lock: true, on: sql), room: roomID)
            guard let slot = entry.slot, loaded.room.status != .complete, loaded.room.status != .cancelled else { return nil }
            var change = RoomChange()
            loaded.setAutopick(enabled, slot: slot, at: time, into: &change)
            try await store(change, of: &loaded, at: time, on: sql, announcing: announcements)
            return loaded
        } committed: { after in
            committed(after.map { [$0] } ?? [])
        }
        return enabled
    }

    /// The caller's private queue in this room.
    package func queue(of user: String, in roomID: String) async throws -> [String] {
        try await database.withConnection { sql in
            let (_, entry) = try participant(user, in: try await load(roomID, lock: false, on: sql), room: roomID)
            return try await RoomStore.queue(of: entry.id, on: sql)
        }
    }

    /// Replaces the caller's queue: player ids in the order to autopick them, each in the pool,
    /// none twice. Drafted players may stay (autopick skips them).
    package func setQueue(_ players: [String], of user: String, in roomID: String) async throws -> [String] {
        let pool = try await self.pool.pool()
        // The room and the caller's place in it first: a queue for no room is 404, not 400.
        _ = try await database.withConnection { sql in try participant(user, in: try await load(roomID, lock: false, on: sql), room: roomID) }
        var validator = FieldValidator()
        validator.check(players.count <= Self.maximumQueue, "player_ids", "holds at most \(Self.maximumQueue) players")
        validator.check(Set(players).count == players.count, "player_ids", "names a player twice")
        if let unknown = players.first(where: { pool[$0] == nil }) { validator.fail("player_ids", "there is no player \(unknown) in the pool") }
        try validator.validate()
        let time = millis
        return try await database.transaction { sql in
            let (_, entry) = try participant(user, in: try await load(roomID, lock: false, on: sql), room: roomID)
            try await RoomStore.setQueue(players, of: entry.id, at: time, on: sql)
            return players
        }
    }

    package static let maximumQueue = 500
}

/// A pick as its maker's answer shows it: the entry that made it and the draft's order, for its label.
package struct MadePick: Sendable {
    package var pick: DraftPick
    package var entry: String
    package var order: SnakeOrder
    /// The same pick was made before; nothing changed.
    package var repeated: Bool
}
