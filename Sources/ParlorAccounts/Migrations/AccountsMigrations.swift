import ParlorDatabase
import SQLKit

/// Tables of the accounts and identity capability.
///
/// Times are milliseconds since 1970 in BIGINT columns and flags are 0/1 BIGINTs, so that one
/// set of queries compares and decodes them the same way on SQLite and PostgreSQL.
package enum AccountsMigrations {
    package static let accounts = Migration(2, "create accounts, sessions and signing keys") { sql, _ in
        try await sql.create(table: "users")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("username", type: .text, .notNull)
            // Lowercased: usernames and emails are unique ignoring case.
            .column("username_key", type: .text, .notNull, .unique)
            .column("display_name", type: .text, .notNull)
            .column("email", type: .text)
            .column("email_key", type: .text, .unique)
            .column("email_verified", type: .bigint, .notNull, .default(0))
            .column("avatar_url", type: .text)
            .column("preferences", type: .text, .notNull)
            .column("password_hash", type: .text)
            .column("is_admin", type: .bigint, .notNull, .default(0))
            .column("created_at", type: .bigint, .notNull)
            .column("last_active_at", type: .bigint, .notNull)
            .column("deleted_at", type: .bigint)
            .run()
        try await sql.create(table: "identities")
            .column("provider", type: .text, .notNull)
            .column("subject", type: .text, .notNull)
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("email", type: .text)
            .column("created_at", type: .bigint, .notNull)
            .primaryKey("provider", "subject")
            .run()
        try await sql.create(index: "identities_user").on("identities").column("user_id").run()

        try await sql.create(table: "auth_sessions")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("created_at", type: .bigint, .notNull)
            .column("last_used_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("revoked_at", type: .bigint)
            .column("revoked_reason", type: .text)
            .column("client_ip", type: .text)
            .column("user_agent", type: .text)
            .run()
        try await sql.create(index: "auth_sessions_user").on("auth_sessions").column("user_id").run()
        // Every refresh token a session was ever given: the used ones are how reuse is recognised.
        try await sql.create(table: "refresh_tokens")
            .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("session_id", type: .text, .notNull, .references("auth_sessions", "id", onDelete: .cascade))
            .column("created_at", type: .bigint, .notNull)
            .column("used_at", type: .bigint)
            .run()
        try await sql.create(index: "refresh_tokens_session").on("refresh_tokens").column("session_id").run()

        try await sql.create(table: "password_resets")
            .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("used_at", type: .bigint)
            .run()
        try await sql.create(index: "password_resets_user").on("password_resets").column("user_id").run()

        try await sql.create(table: "signing_keys")
            .column("kid", type: .text, .primaryKey(autoIncrement: false))
            .column("algorithm", type: .text, .notNull)
            .column("private_key", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("retired_at", type: .bigint)
            .run()

        try await sql.create(table: "rate_limits")
            .column("bucket", type: .text, .primaryKey(autoIncrement: false))
            .column("window_start", type: .bigint, .notNull)
            .column("hits", type: .bigint, .notNull)
            .run()
    }

    /// Rate limits count attempts in a sliding window: each allowed attempt is a row, and a bucket's
    /// row is what concurrent attempts on it lock. The fixed windows' counters go; they held
    /// nothing that outlives an hour.
    package static let slidingRateLimits = Migration(8, "count rate-limited attempts in sliding windows") { sql, _ in
        try await sql.drop(table: "rate_limits").ifExists().run()
        try await sql.create(table: "rate_limit_buckets")
            .column("bucket", type: .text, .primaryKey(autoIncrement: false))
            .column("touched_at", type: .bigint, .notNull)
            .run()
        try await sql.create(table: "rate_limit_hits")
            .column("bucket", type: .text, .notNull)
            .column("at", type: .bigint, .notNull)
            .run()
        try await sql.create(index: "rate_limit_hits_by_bucket").on("rate_limit_hits").column("bucket").column("at").run()
    }
}
