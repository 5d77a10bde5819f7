import BestBall
import Foundation
import ParlorDatabase
import SQLKit

/// SQL over `topdog_tournaments`.
package enum TournamentStore {
    package static func insert(_ tournament: Tournament, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "topdog_tournaments")
            .columns(
                "id", "title", "entry_fee_cents", "max_entries", "max_per_user", "first_place_cents", "prizes", "speed", "draft_settings",
                "schedule", "countdown_ms", "entries", "created_at", "completed_at", "starts_at", "unfilled_policy")
            .values(
                SQLBind(tournament.id), SQLBind(tournament.title), SQLBind(tournament.entryFeeCents), SQLBind(tournament.maxEntries),
                SQLBind(tournament.maxPerUser), SQLBind(tournament.firstPlaceCents), SQLBind(try json(tournament.prizes)),
                SQLBind(tournament.speed.rawValue), SQLBind(try json(tournament.draft)), SQLBind(try json(tournament.schedule)),
                SQLBind(tournament.countdownMillis), SQLBind(tournament.entries), SQLBind(tournament.createdAt), SQLBind(tournament.completedAt),
                SQLBind(tournament.startsAt), SQLBind(tournament.unfilledPolicy.rawValue))
            .run()
    }

    package static func find(_ id: String, on sql: any SQLDatabase) async throws -> Tournament? {
        try await sql.select().column("*").from("topdog_tournaments").where("id", .equal, id).first().map(decode)
    }

    /// The tournament, its row locked until the transaction ends (PostgreSQL; SQLite's writer
    /// lock already serialises): joins to one tournament queue here, so counts and caps hold.
    package static func lock(_ id: String, on sql: any SQLDatabase) async throws -> Tournament? {
        try await sql.raw("UPDATE topdog_tournaments SET entries = entries WHERE id = \(bind: id) RETURNING *").first().map(decode)
    }

    package static func all(on sql: any SQLDatabase) async throws -> [Tournament] {
        try await sql.select().column("*").from("topdog_tournaments").orderBy("created_at", .descending).orderBy("id").all().map(decode)
    }

    package static func addEntries(_ count: Int, to id: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE topdog_tournaments SET entries = entries + \(bind: count) WHERE id = \(bind: id)").run()
    }

    package static func complete(_ id: String, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("UPDATE topdog_tournaments SET completed_at = \(bind: time) WHERE id = \(bind: id) AND completed_at IS NULL RETURNING id")
            .first() != nil
    }

    /// Room counts by status, per tournament.
    package static func progress(on sql: any SQLDatabase) async throws -> [String: TournamentProgress] {
        let rows = try await sql.raw("SELECT tournament_id, status, COUNT(*) AS n FROM topdog_rooms GROUP BY tournament_id, status").all()
        var progress: [String: TournamentProgress] = [:]
        for row in rows {
            let id = try row.decode(column: "tournament_id", as: String.self)
            let count = Int(try row.decode(column: "n", as: Int64.self))
            var entry = progress[id, default: TournamentProgress()]
            entry.rooms += count
            switch RoomStatus(rawValue: try row.decode(column: "status", as: String.self)) {
            case .filling: entry.roomsFilling += count
            case .countdown, .active, .paused: entry.roomsDrafting += count
            case .complete: entry.roomsComplete += count
            // A closed room drafts no team: the tournament completes without it.
            case .cancelled: entry.rooms -= count
            case nil: break
            }
            progress[id] = entry
        }
        return progress
    }

    static func decode(_ row: any SQLRow) throws -> Tournament {
        guard let speed = Tournament.Speed(rawValue: try row.decode(column: "speed", as: String.self)),
            let policy = Tournament.UnfilledPolicy(rawValue: try row.decode(column: "unfilled_policy", as: String.self))
        else {
            throw TopDogStoreError("a stored tournament has an unknown speed or unfilled policy")
        }
        return Tournament(
            id: try row.decode(column: "id", as: String.self), title: try row.decode(column: "title", as: String.self),
            entryFeeCents: try row.decode(column: "entry_fee_cents", as: Int64.self), maxEntries: try row.decode(column: "max_entries", as: Int.self),
            maxPerUser: try row.decode(column: "max_per_user", as: Int.self), firstPlaceCents: try row.decode(column: "first_place_cents", as: Int64.self),
            prizes: try value(row, "prizes"), speed: speed, draft: try value(row, "draft_settings"), schedule: try value(row, "schedule"),
            countdownMillis: try row.decode(column: "countdown_ms", as: Int64.self), entries: try row.decode(column: "entries", as: Int.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self), completedAt: try row.decode(column: "completed_at", as: Int64?.self),
            startsAt: try row.decode(column: "starts_at", as: Int64?.self), unfilledPolicy: policy,
            startedAt: try row.decode(column: "started_at", as: Int64?.self), cancelledAt: try row.decode(column: "cancelled_at", as: Int64?.self))
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func value<T: Decodable>(_ row: any SQLRow, _ column: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(try row.decode(column: column, as: String.self).utf8))
    }
}
