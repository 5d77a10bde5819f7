import ParlorDatabase
import SQLKit

extension AccountsMigrations {
    /// Staff roles instead of an admin flag, and the audit trail of what staff did.
    ///
    /// `users.role` is `admin`, `moderator` or null (a player). `admin_audit` keeps who did what,
    /// to what, when and why, numbered in the order written (records of one millisecond keep their
    /// order); it names the actor by id without a reference, so a record outlives
    /// the account that made it (the operator's history is not erased with them).
    package static let staff = Migration(24, "replace the admin flag with staff roles and keep an audit trail") { sql, _ in
        try await sql.alter(table: "users").column("role", type: .text).run()
        try await sql.raw("UPDATE users SET role = 'admin' WHERE is_admin <> 0").run()
        try await sql.raw("ALTER TABLE users DROP COLUMN is_admin").run()
        try await sql.create(table: "admin_audit")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("actor_id", type: .text, .notNull)
            .column("action", type: .text, .notNull)
            .column("target_kind", type: .text, .notNull)
            .column("target_id", type: .text, .notNull)
            .column("reason", type: .text)
            .column("details", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .run()
        try await sql.create(index: "admin_audit_target").on("admin_audit").column("target_kind").column("target_id").run()
        try await sql.create(index: "admin_audit_actor").on("admin_audit").column("actor_id").run()
    }
}
