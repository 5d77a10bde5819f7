import ParlorDatabase
import SQLKit

/// Devices' push tokens, what each user wants pushed, and the outbox of notifications with what
/// became of each one on each device. Times are milliseconds since 1970.
package enum NotificationsMigrations {
    package static let push = Migration(14, "create push devices, preferences and the push outbox") { sql, _ in
        // One row per token: a token belongs to one app install, and that install to whoever
        // registered it last. A token APNs gave up on is kept, deactivated, until registered again.
        try await sql.create(table: "push_devices")
            .column("token", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull)
            .column("environment", type: .text, .notNull)
            .column("bundle_id", type: .text, .notNull)
            .column("kind", type: .text, .notNull)
            .column("activity_id", type: .text)
            .column("registered_at", type: .bigint, .notNull)
            .column("deactivated_at", type: .bigint)
            .column("deactivated_reason", type: .text)
            .run()
        try await sql.create(index: "push_devices_user").on("push_devices").column("user_id").run()
        try await sql.create(index: "push_devices_activity").on("push_devices").column("activity_id").run()
        try await sql.create(table: "push_preferences")
            .column("user_id", type: .text, .primaryKey(autoIncrement: false))
            .column("preferences", type: .text, .notNull)
            .run()
        // A notification is written in the transaction of the change that causes it; `id` is
        // the base of every `apns-id` it is sent with, so a resend carries the same ids.
        try await sql.create(table: "push_outbox")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull)
            .column("kind", type: .text, .notNull)
            .column("push_type", type: .text, .notNull)
            .column("activity_id", type: .text)
            .column("payload", type: .text, .notNull)
            .column("collapse_id", type: .text)
            .column("priority", type: .int, .notNull)
            .column("expires_at", type: .bigint)
            .column("dedupe_key", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("due_at", type: .bigint, .notNull)
            .column("attempts", type: .int, .notNull)
            .column("claimed_until", type: .bigint)
            .column("finished_at", type: .bigint)
            .column("outcome", type: .text)
            .unique("dedupe_key")
            .run()
        try await sql.raw("CREATE INDEX push_outbox_due ON push_outbox (due_at) WHERE finished_at IS NULL").run()
        try await sql.create(index: "push_outbox_user").on("push_outbox").column("user_id").run()
        // Each device a notification went to and APNs' answer: a resend skips the devices done.
        try await sql.create(table: "push_deliveries")
            .column("outbox_id", type: .text, .notNull)
            .column("token", type: .text, .notNull)
            .column("status", type: .int, .notNull)
            .column("reason", type: .text)
            .column("at", type: .bigint, .notNull)
            .primaryKey("outbox_id", "token")
            .run()
    }

    /// Each notification names the product whose apps it goes to (null: every app, as a test push
    /// does and as notifications stored before this did); the hourly cap counts a user's recent
    /// alerts by when they finished.
    package static let products = Migration(22, "name each push notification's product") { sql, _ in
        try await sql.alter(table: "push_outbox").column("product", type: .text).run()
        try await sql.create(index: "push_outbox_user_finished").on("push_outbox").column("user_id").column("finished_at").run()
    }
}
