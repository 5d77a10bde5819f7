import ParlorDatabase
import SQLKit

extension AccountsMigrations {
    /// Reports players make about each other, and suspensions staff impose.
    ///
    /// `user_reports`: the reporter is nulled when their account is deleted (the report about the
    /// target stays, anonymous, as evidence). At most one report per reporter and target is open:
    /// a partial unique index (both databases have them) makes a concurrent second one fail
    /// instead of relying on a read before the insert. The game and chat line are context only,
    /// with no reference, so a report outlives a game's or a line's removal.
    ///
    /// `user_suspensions`: one row per suspended user; `until` null is a ban. A suspension that
    /// ends by time keeps its row and simply stops counting (sign-in compares `until` with now),
    /// so nothing has to run when it ends; lifting one deletes the row.
    package static let moderation = Migration(27, "store reports about users and suspensions") { sql, _ in
        try await sql.create(table: "user_reports")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("reporter_id", type: .text, .references("users", "id", onDelete: .setNull))
            .column("target_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("game_id", type: .text)
            .column("chat_line_id", type: .bigint)
            .column("reason", type: .text, .notNull)
            .column("details", type: .text)
            .column("status", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("resolved_at", type: .bigint)
            .column("resolved_by", type: .text)
            .column("resolution_note", type: .text)
            .run()
        try await sql.raw("""
            CREATE UNIQUE INDEX user_reports_one_open ON user_reports (reporter_id, target_id) WHERE status = 'open'
            """).run()
        try await sql.create(index: "user_reports_queue").on("user_reports").column("status").column("created_at").column("id").run()
        try await sql.create(index: "user_reports_target").on("user_reports").column("target_id").run()
        try await sql.create(index: "user_reports_reporter").on("user_reports").column("reporter_id").run()

        try await sql.create(table: "user_suspensions")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false), .references("users", "id", onDelete: .cascade))
            .column("until_at", type: .bigint)
            .column("reason", type: .text, .notNull)
            .column("actor_id", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .run()
    }
}
