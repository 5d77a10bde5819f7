import ParlorDatabase
import SQLKit

extension SyncMigrations {
    /// Clearing a user's synced data: the change number of the last clear on their head row (older
    /// tokens are refused), and per device the highest `seq` forgotten (what a device uploads at or
    /// below it is refused unless the user restores it).
    package static let clears = Migration(23, "remember when a user cleared their synced stats") { sql, _ in
        try await sql.alter(table: "sync_heads").column("cleared_change", type: .bigint).run()
        try await sql.create(table: "sync_cleared_devices")
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("device", type: .text, .notNull)
            .column("through_seq", type: .bigint, .notNull)
            .column("cleared_at", type: .bigint, .notNull)
            .primaryKey("user_id", "device")
            .run()
    }
}
