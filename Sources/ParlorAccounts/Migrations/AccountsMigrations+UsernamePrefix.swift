import ParlorDatabase
import SQLKit

extension AccountsMigrations {
    /// Finding users by the start of their username: PostgreSQL answers `LIKE 'pre%'` from an
    /// index only with `text_pattern_ops` (the unique index compares by the database's collation).
    /// SQLite's unique index already serves its scans.
    package static let usernamePrefix = Migration(12, "index usernames for prefix search") { sql, _ in
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("CREATE INDEX users_username_prefix ON users (username_key text_pattern_ops)").run()
    }
}
