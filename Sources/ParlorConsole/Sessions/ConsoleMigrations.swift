import ParlorDatabase
import SQLKit

/// The console's own tables.
package enum ConsoleMigrations {
    /// Console sessions and staff second factors.
    ///
    /// `console_sessions` keeps a signed-in browser: the SHA-256 of its cookie (the cookie itself is
    /// never stored), the CSRF token its forms carry, its idle and absolute expiry, whether the
    /// second factor is still owed, and the one message the next page shows (`flash_*`).
    /// `staff_totp` keeps a staff member's TOTP key, sealed with the key-encryption keys; it counts
    /// once `enabled_at` is set, and `last_step` refuses a code used before.
    package static let console = Migration(31, "keep operator console sessions and staff second factors") { sql, _ in
        try await sql.create(table: "console_sessions")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull)
            .column("csrf", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("last_seen_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("second_factor_pending", type: .int, .notNull)
            .column("client_address", type: .text, .notNull)
            .column("user_agent", type: .text)
            .column("ended_at", type: .bigint)
            .column("flash_notice", type: .text)
            .column("flash_problem", type: .text)
            .run()
        try await sql.create(index: "console_sessions_user").on("console_sessions").column("user_id").run()
        try await sql.create(table: "staff_totp")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false))
            .column("secret", type: .text, .notNull)
            .column("enabled_at", type: .bigint)
            .column("last_step", type: .bigint, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .run()
    }
}
