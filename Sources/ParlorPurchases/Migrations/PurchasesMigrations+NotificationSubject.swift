import ParlorDatabase
import SQLKit

extension PurchasesMigrations {
    /// Each App Store notification remembers the purchase it was about, so staff can read a user's
    /// notifications beside their transactions. Notifications stored before this stay unlinked.
    package static let notificationSubject = Migration(30, "link App Store notifications to their purchase") { sql, _ in
        try await sql.alter(table: "purchase_notifications").column("original_transaction_id", type: .text).run()
        try await sql.create(index: "purchase_notifications_original").on("purchase_notifications").column("original_transaction_id").run()
        try await sql.create(index: "purchase_notifications_received").on("purchase_notifications").column("received_at").run()
    }
}
