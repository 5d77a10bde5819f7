import ParlorDatabase
import SQLKit

extension AccountsMigrations {
    /// Apple refresh tokens kept to revoke at account deletion, and the revocations waiting to be made.
    ///
    /// `apple_tokens` belongs to a live account (a token per Apple identity and client id, sealed
    /// with the key-encryption keys). `apple_token_revocations` is an outbox: a row is made when the
    /// account is deleted and removed once Apple has revoked the token or it was given up. It holds
    /// no user id and no Apple subject, only what the call to Apple needs, so nothing of the deleted
    /// user stays with it, and it references no user so it survives whatever happens to the account.
    package static let appleTokens = Migration(21, "create apple tokens and their revocation outbox") { sql, _ in
        try await sql.create(table: "apple_tokens")
            .column("subject", type: .text, .notNull)
            .column("client_id", type: .text, .notNull)
            .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
            .column("refresh_token", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .primaryKey("subject", "client_id")
            .run()
        try await sql.create(index: "apple_tokens_user").on("apple_tokens").column("user_id").run()
        try await sql.create(table: "apple_token_revocations")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("client_id", type: .text, .notNull)
            .column("refresh_token", type: .text, .notNull)
            .column("attempts", type: .bigint, .notNull, .default(0))
            .column("due_at", type: .bigint, .notNull)
            .column("claimed_until", type: .bigint)
            .column("created_at", type: .bigint, .notNull)
            .run()
        try await sql.create(index: "apple_token_revocations_due").on("apple_token_revocations").column("due_at").run()
    }
}
