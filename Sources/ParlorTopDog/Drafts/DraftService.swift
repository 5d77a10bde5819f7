import BestBall
import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Live drafts: picks, queues, autopick, the room as each participant reads it, and the stored
/// clocks every node's ``DraftTimerService`` fires. Every change to a room happens in one
/// transaction under the room row's lock and appends to the room's event log; the log's new
/// events go to every node in a notice sent by that same transaction's commit.
package struct DraftService: Sendable {
    package let database: Database
    package let pool: PlayerPoolCache
    let bus: any EventBus
    let now: @Sendable () -> Date
    package let logger: Logger
    let rooms = RoomCache()
    let notifier: (any DraftAlertsHook)?

    package init(
        database: Database, pool: PlayerPoolCache, bus: any EventBus, now: @escaping @Sendable () -> Date, logger: Logger,
        notifier: (any DraftAlertsHook)? = nil
    ) {
        self.notifier = notifier
        self.database = database
        self.pool = pool
        self.bus = bus
        self.now = now
        self.logger = logger
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Loads a room and what its draft is decided from; `lock` holds its row for the transaction.
    func load(_ id: String, lock: Bool, on sql: any SQLDatabase) async throws -> LoadedRoom? {
        guard let room = lock ? try await RoomStore.lock(id, on: sql) : try await RoomStore.find(id, on: sql) else { return nil }
        if let held = rooms.copy(of: room) { return held }
        guard let tournament = try await TournamentStore.find(room.tournamentID, on: sql) else { return nil }
        let entries = try await RoomStore.entries(in: id, on: sql)
        let picks = try await RoomStore.picks(in: id, on: sql)
        let loaded = LoadedRoom(room: room, tournament: tournament, entries: entries, state: DraftState(settings: tournament.draft, picks: picks, autopilot: room.autopilot))
        // Read from committed rows under the row's seq: exact whatever this transaction does next.
        rooms.put(loaded)
        return loaded
    }

    /// Keeps the copies of rooms whose changes have just committed.
    func committed(_ loaded: [LoadedRoom]) {
        for room in loaded { rooms.put(room) }
    }

    /// Stores what a change produced on the locked room: its events, alerts and row, and announces
    /// the log's new events to every node when the transaction commits.
    func store(_ change: RoomChange, of loaded: inout LoadedRoom, at time: Int64, on sql: any SQLDatabase, announcing announcements: Announcements) async throws {
        guard !change.events.isEmpty else {
            try await RoomStore.save(loaded.room, on: sql)
            return
        }
        let bodies = try await RoomStore.append(change.events, to: &loaded.room, at: time, on: sql)
        try await RoomStore.save(loaded.room, on: sql)
        let alerts = try await DraftAlerts.raise(change.alerts, at: time, on: sql)
        try await notifier?.draftChanged(alerts: alerts, activity: loaded.activity(after: change), at: time, on: sql)
        guard let room = UUID(uuidString: loaded.room.id) else { return }
        announcements.announce(DraftNotice(room: room, seq: loaded.room.seq, events: bodies))
    }

    /// The room and the caller's entry in it; 404 for a room that does not exist, 403 for one
    /// the caller has no entry in.
    func participant(_ user: String, in loaded: LoadedRoom?, room id: String) throws -> (LoadedRoom, DraftEntry) {
        guard let loaded else { throw APIError.draftNotFound(id) }
        guard let entry = loaded.entry(of: user) else { throw APIError.notAParticipant }
        return (loaded, entry)
    }
}

extension APIError {
    package static func draftNotFound(_ id: String) -> APIError { .notFound("there is no draft room \(id)") }

    package static let notAParticipant = APIError(.forbidden, code: "not_a_participant", message: "you have no entry in this draft room")

    package static let draftNotStarted = APIError(.conflict, code: "draft_not_started", message: "the draft has not started yet")

    /// A pick the rules refuse: 422 with the seed's code.
    package static func refusedPick(_ error: DraftError) -> APIError {
        APIError(.unprocessableContent, code: error.code, message: error.message)
    }
}
