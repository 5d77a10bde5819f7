import ParlorDatabase
import SQLKit

/// Tandem's stats events.
package enum SyncMigrations {
    package static let events = Migration(4, "create sync events, heads and devices") { sql, _ in
        // Tandem's stats events, one row per event of a user; `body` is the event's canonical
        // JSON (StatsSync's wire form, sorted keys). `change_seq` numbers a user's events in the
        // order they were stored: what a change token points into.
        try await sql.create(table: "sync_events")
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("event_id", type: .text, .notNull)
            .column("device", type: .text, .notNull)
            .column("seq", type: .bigint, .notNull)
            .column("kind", type: .text, .notNull)
            .column("body", type: .text, .notNull)
            .column("change_seq", type: .bigint, .notNull)
            .column("received_at", type: .bigint, .notNull)
            .primaryKey("user_id", "event_id")
            .unique("user_id", "device", "seq")
            .run()
        try await sql.create(index: "sync_events_changes").unique().on("sync_events").column("user_id").column("change_seq").run()
        // Per user, the last change number handed out; its row lock orders a user's writers.
        try await sql.create(table: "sync_heads")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false), .references("users", "id", onDelete: .cascade))
            .column("head", type: .bigint, .notNull)
            .run()
        // Per user and device: the contiguous prefix of `seq` held (the server's version vector)
        // and the highest `seq` held, which says when a gap may have been filled.
        try await sql.create(table: "sync_devices")
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("device", type: .text, .notNull)
            .column("contiguous", type: .bigint, .notNull)
            .column("highest", type: .bigint, .notNull)
            .primaryKey("user_id", "device")
            .run()
    }
}
