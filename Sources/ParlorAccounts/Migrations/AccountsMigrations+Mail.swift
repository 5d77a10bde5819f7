import ParlorDatabase
import ParlorMail
import SQLKit

extension AccountsMigrations {
    /// Each user's language, the codes that verify email addresses, and the outbox of mail
    /// that leaves over SMTP (ParlorMail's table, created here because Accounts is what mails).
    package static let mail = Migration(20, "add users' locale, email verification codes and the mail outbox") { sql, _ in
        try await sql.alter(table: "users").column("locale", type: .text).run()
        // One live code per user: a new one replaces the old. The address it was mailed to is
        // kept, so a code verifies that address only.
        try await sql.create(table: "email_codes")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false), .references("users", "id", onDelete: .cascade))
            .column("email_key", type: .text, .notNull)
            .column("code_hash", type: .text, .notNull)
            .column("attempts", type: .int, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .run()
        try await MailOutbox.create(on: sql)
    }
}
