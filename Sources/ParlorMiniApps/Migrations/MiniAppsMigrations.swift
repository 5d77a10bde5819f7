import ParlorDatabase
import SQLKit

/// The mini-app catalogue and its single sign-on codes.
package enum MiniAppsMigrations {
    package static let miniApps = Migration(3, "create mini apps and single sign-on codes") { sql, _ in
        try await sql.create(table: "mini_apps")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("name", type: .text, .notNull)
            .column("description", type: .text, .notNull)
            .column("icon_url", type: .text, .notNull)
            .column("launch_url", type: .text, .notNull)
            .column("allowed_origins", type: .text, .notNull)
            .column("category", type: .text, .notNull)
            .column("enabled", type: .bigint, .notNull)
            .column("secret_hash", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .run()
        try await sql.create(table: "sso_codes")
            .column("code_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("app_id", type: .text, .notNull, .references("mini_apps", "id", onDelete: .cascade))
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("session_id", type: .text, .notNull, .references("auth_sessions", "id", onDelete: .cascade))
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("used_at", type: .bigint)
            .run()
    }
}
