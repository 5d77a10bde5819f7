import Foundation
import SQLKit

/// The SQL of operating a tournament: edits, cancellation, the start-time policy.
extension TournamentStore {
    /// Writes the fields an edit may change.
    static func saveEdit(_ tournament: Tournament, on sql: any SQLDatabase) async throws {
        try await sql.update("topdog_tournaments")
            .set("title", to: SQLBind(tournament.title))
            .set("entry_fee_cents", to: SQLBind(tournament.entryFeeCents))
            .set("prizes", to: SQLBind(try json(tournament.prizes)))
            .set("first_place_cents", to: SQLBind(tournament.firstPlaceCents))
            .set("starts_at", to: SQLBind(tournament.startsAt))
            .set("unfilled_policy", to: SQLBind(tournament.unfilledPolicy.rawValue))
            .where("id", .equal, tournament.id)
            .run()
    }

    /// Marks the tournament cancelled; false when it already was.
    static func cancel(_ id: String, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("UPDATE topdog_tournaments SET cancelled_at = \(bind: time) WHERE id = \(bind: id) AND cancelled_at IS NULL RETURNING id")
            .first() != nil
    }

    /// Marks the start-time policy applied; false when another node (or an earlier round) did.
    static func markStarted(_ id: String, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("UPDATE topdog_tournaments SET started_at = \(bind: time) WHERE id = \(bind: id) AND started_at IS NULL RETURNING id")
            .first() != nil
    }

    /// Tournaments whose start time has come and whose policy is not applied yet, soonest first.
    static func startsDue(at time: Int64, limit: Int, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("""
            SELECT id FROM topdog_tournaments WHERE starts_at <= \(bind: time) AND started_at IS NULL AND cancelled_at IS NULL
            AND completed_at IS NULL ORDER BY starts_at, id LIMIT \(bind: limit)
            """).all().map { try $0.decode(column: "id", as: String.self) }
    }

    /// The earliest start time still to be applied.
    static func nextStart(on sql: any SQLDatabase) async throws -> Int64? {
        try await sql.raw("""
            SELECT MIN(starts_at) AS next FROM topdog_tournaments WHERE started_at IS NULL AND cancelled_at IS NULL AND completed_at IS NULL
            """).first()?.decode(column: "next", as: Int64?.self)
    }

    /// The tournament's rooms with `statuses`, oldest first.
    static func rooms(of id: String, in statuses: [RoomStatus], on sql: any SQLDatabase) async throws -> [String] {
        try await sql.select().column("id").from("topdog_rooms").where("tournament_id", .equal, id)
            .where("status", .in, statuses.map(\.rawValue)).orderBy("created_at").orderBy("id").all()
            .map { try $0.decode(column: "id", as: String.self) }
    }
}
