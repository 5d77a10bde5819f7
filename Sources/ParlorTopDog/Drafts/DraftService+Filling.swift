import BestBall
import Foundation
import GameCore
import SQLKit

/// A room's seats settled: filled (by players, or by house teams at the start time) so it counts
/// down to its draft, or closed without drafting.
extension DraftService {
    /// Deals the full room's draft slots at random and starts its countdown; everyone is told.
    func fill(_ loaded: inout LoadedRoom, at time: Int64, into change: inout RoomChange, on sql: any SQLDatabase) async throws {
        let tournament = loaded.tournament
        var entries = try await RoomStore.entries(in: loaded.room.id, on: sql)
        var random = GameRandom(seed: GameSeed(UInt64.random(in: .min ... .max)))
        random.shuffle(&entries)
        for (slot, index) in entries.indices.enumerated() {
            entries[index].slot = slot
            try await RoomStore.setSlot(slot, of: entries[index].id, on: sql)
        }
        loaded.entries = entries
        loaded.room.status = .countdown
        loaded.room.startsAt = time + tournament.countdownMillis
        loaded.room.updateDue()
        var starting = DraftEvent(kind: .draftStarting, at: time)
        starting.startsAt = wireTime(time + tournament.countdownMillis)
        starting.participants = entries.map { DraftEvent.Participant(entry: $0.id, name: $0.name, slot: $0.slot) }.sorted { ($0.slot ?? 0) < ($1.slot ?? 0) }
        change.events.append(starting)
        for entry in entries where !HouseTeams.owns(entry) {
            change.alerts.append(
                .roomFilled(user: entry.userID, room: loaded.room.id, tournament: tournament.title, startsInSeconds: Int(tournament.countdownMillis / 1000)))
        }
    }

    /// Seats house teams in the room's empty seats, on autopick, and fills it. Their entry order
    /// follows the tournament's last (`nextOrder` on), so every player's tiebreak stays ahead.
    func fillWithHouse(_ loaded: inout LoadedRoom, nextOrder: Int, at time: Int64, into change: inout RoomChange, on sql: any SQLDatabase) async throws -> Int {
        let missing = max(0, loaded.tournament.draft.teams - loaded.room.seats)
        for index in 0..<missing {
            let entry = DraftEntry(
                id: UUID().uuidString.lowercased(), tournamentID: loaded.tournament.id, roomID: loaded.room.id, userID: HouseTeams.userID(index + 1),
                name: "House \(index + 1)", order: nextOrder + index, slot: nil, transactionID: HouseTeams.transaction, createdAt: time)
            try await RoomStore.insert(entry, on: sql)
            var joined = DraftEvent(kind: .participantJoined, at: time)
            joined.participant = DraftEvent.Participant(entry: entry.id, name: entry.name, slot: nil)
            change.events.append(joined)
        }
        loaded.room.seats += missing
        try await fill(&loaded, at: time, into: &change, on: sql)
        for entry in loaded.entries where HouseTeams.owns(entry) {
            if let slot = entry.slot { loaded.state.setAutopilot(true, for: slot) }
        }
        loaded.room.autopilot = loaded.state.autopilot
        return missing
    }
}

extension LoadedRoom {
    /// Closes the room for good: no clock, no pick; its participants are told.
    mutating func close(at now: Int64, into change: inout RoomChange) {
        room.status = .cancelled
        room.completedAt = now
        room.pausedAt = nil
        room.pickStartedAt = nil
        room.warnAt = nil
        room.deadlineAt = nil
        room.updateDue()
        change.events.append(DraftEvent(kind: .draftCancelled, at: now))
    }
}

/// The house's teams: seated at a tournament's start time in rooms that did not fill (when its
/// policy says so), drafting on autopick. They paid nothing, are refunded nothing, and a prize
/// one wins stays with the house.
package enum HouseTeams {
    /// Never a user's id (those are UUIDs).
    static func userID(_ seat: Int) -> String { "house-\(seat)" }
    static let transaction = "house"

    package static func owns(_ entry: DraftEntry) -> Bool { isHouse(entry.userID) }
    package static func isHouse(_ user: String) -> Bool { user.hasPrefix("house-") }
}
