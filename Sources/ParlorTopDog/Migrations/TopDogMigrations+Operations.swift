import ParlorDatabase
import SQLKit

extension TopDogMigrations {
    /// Running TopDog: a tournament's start time and what happens then to rooms that have not
    /// filled, its cancellation, rooms paused by an operator, and each playoff round's
    /// advancement stored once so standings are read, not recomputed.
    package static let operations = Migration(28, "add TopDog start times, unfilled-room policies, cancellation, pauses and stored rounds") { sql, _ in
        try await sql.alter(table: "topdog_tournaments").column("starts_at", type: .bigint).run()
        try await sql.alter(table: "topdog_tournaments").column("unfilled_policy", type: .text, .notNull, .default("fill_with_house")).run()
        try await sql.alter(table: "topdog_tournaments").column("started_at", type: .bigint).run()
        try await sql.alter(table: "topdog_tournaments").column("cancelled_at", type: .bigint).run()
        try await sql.create(index: "topdog_tournaments_starts").on("topdog_tournaments").column("starts_at").run()
        try await sql.alter(table: "topdog_rooms").column("paused_at", type: .bigint).run()
        // One row per round once computed: the marker whose insert decides which node stores it.
        try await sql.create(table: "topdog_rounds")
            .column("tournament_id", type: .text, .notNull, .references("topdog_tournaments", "id"))
            .column("round_index", type: .int, .notNull)
            .column("name", type: .text, .notNull)
            .column("computed_at", type: .bigint, .notNull)
            .primaryKey("tournament_id", "round_index")
            .run()
        // Every entry as of a stored round: where it played (its room or pod, its rank there,
        // its points, whether it went on) and its rank in the whole tournament after the round.
        try await sql.create(table: "topdog_round_entries")
            .column("tournament_id", type: .text, .notNull)
            .column("round_index", type: .int, .notNull)
            .column("entry_id", type: .text, .notNull)
            .column("user_id", type: .text, .notNull)
            .column("played", type: .int, .notNull)
            .column("group_id", type: .text)
            .column("group_rank", type: .int)
            .column("points_hundredths", type: .bigint)
            .column("advanced", type: .int, .notNull)
            .column("round_reached", type: .int, .notNull)
            .column("overall_rank", type: .int, .notNull)
            .column("overall_hundredths", type: .bigint, .notNull)
            .primaryKey("tournament_id", "round_index", "entry_id")
            .run()
        try await sql.create(index: "topdog_round_entries_rank").on("topdog_round_entries")
            .column("tournament_id").column("round_index").column("overall_rank").run()
        try await sql.create(index: "topdog_round_entries_group").on("topdog_round_entries")
            .column("tournament_id").column("round_index").column("group_id").run()
        try await sql.create(index: "topdog_round_entries_user").on("topdog_round_entries").column("user_id").column("tournament_id").run()
    }
}
