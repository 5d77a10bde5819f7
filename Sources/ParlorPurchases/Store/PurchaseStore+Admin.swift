import Foundation
import ParlorAPI
import ParlorHTTP
import SQLKit

/// What staff read of purchases: a user's transactions, balances and the App Store's news about them.
extension PurchaseStore {
    static func adminTransactions(of user: String, on sql: any SQLDatabase) async throws -> [Components.Schemas.AdminPurchaseTransaction] {
        try await sql.select()
            .columns(
                "transaction_id", "original_transaction_id", "bundle_id", "product_id", "product_type", "quantity", "purchased_at",
                "expires_at", "revoked_at", "environment")
            .from("purchase_transactions").where("user_id", .equal, user).orderBy("purchased_at", .descending).all()
            .map { row in
                .init(
                    transactionId: try row.decode(column: "transaction_id", as: String.self),
                    originalTransactionId: try row.decode(column: "original_transaction_id", as: String.self),
                    bundleId: try row.decode(column: "bundle_id", as: String.self), productId: try row.decode(column: "product_id", as: String.self),
                    productType: try row.decode(column: "product_type", as: String.self), quantity: try row.decode(column: "quantity", as: Int.self),
                    purchasedAt: Date(millis: try row.decode(column: "purchased_at", as: Int64.self)),
                    expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(Date.init(millis:)),
                    revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(millis:)),
                    environment: try row.decode(column: "environment", as: String.self))
            }
    }

    static func adminBalances(of user: String, on sql: any SQLDatabase) async throws -> [Components.Schemas.AdminBalance] {
        try await sql.select().columns("bundle_id", "item", "balance").from("purchase_balances").where("user_id", .equal, user)
            .orderBy("bundle_id").orderBy("item").all()
            .map { row in
                .init(
                    bundleId: try row.decode(column: "bundle_id", as: String.self), item: try row.decode(column: "item", as: String.self),
                    balance: try row.decode(column: "balance", as: Int.self))
            }
    }

    static let notificationColumns = [
        "notification_uuid", "notification_type", "subtype", "original_transaction_id", "signed_at", "received_at", "outcome",
    ]

    /// The notifications about any purchase `user` made, newest first.
    static func adminNotifications(of user: String, on sql: any SQLDatabase) async throws -> [Components.Schemas.AdminPurchaseNotification] {
        try await sql.select().columns(notificationColumns).from("purchase_notifications")
            .where(
                "original_transaction_id", .in,
                SQLGroupExpression(sql.select().column("original_transaction_id").from("purchase_transactions").where("user_id", .equal, user).query))
            .orderBy("received_at", .descending).limit(200).all().map(notification)
    }

    /// Every notification newest first, `limit` of them, after `cursor` (time, id).
    static func adminNotifications(before cursor: (Int64, String)?, limit: Int, on sql: any SQLDatabase) async throws -> [Components.Schemas.AdminPurchaseNotification] {
        let query = sql.select().columns(notificationColumns).from("purchase_notifications")
        if let (time, id) = cursor {
            query.where { group in
                group.where("received_at", .lessThan, time)
                    .orWhere { $0.where("received_at", .equal, time).where("notification_uuid", .lessThan, id) }
            }
        }
        return try await query.orderBy("received_at", .descending).orderBy("notification_uuid", .descending).limit(limit).all().map(notification)
    }

    private static func notification(_ row: any SQLRow) throws -> Components.Schemas.AdminPurchaseNotification {
        .init(
            notificationUuid: try row.decode(column: "notification_uuid", as: String.self),
            notificationType: try row.decode(column: "notification_type", as: String.self),
            subtype: try row.decode(column: "subtype", as: String?.self),
            originalTransactionId: try row.decode(column: "original_transaction_id", as: String?.self),
            signedAt: Date(millis: try row.decode(column: "signed_at", as: Int64.self)),
            receivedAt: Date(millis: try row.decode(column: "received_at", as: Int64.self)),
            outcome: try row.decode(column: "outcome", as: String.self))
    }
}
