import Foundation
import SQLKit

/// A subscription's state as the newest signed news about it left it.
package struct Subscription: Sendable, Equatable {
    package enum Status: String, Sendable {
        case active
        /// Renewal failed; Apple keeps trying and the subscriber keeps access until `graceUntil`.
        case gracePeriod = "grace_period"
        /// Renewal failed and access is suspended while Apple retries billing.
        case billingRetry = "billing_retry"
        case expired
        /// Refunded or revoked (Family Sharing removed).
        case revoked
    }

    package var originalTransactionID: String
    package var user: String
    package var bundleID: String
    package var productID: String
    package var status: Status
    package var expiresAt: Int64?
    package var graceUntil: Int64?
    package var autoRenew: Bool
    /// A downgrade or crossgrade that takes effect at the next renewal.
    package var pendingProductID: String?
    /// The signing time of the news this state comes from: older news never overwrites it.
    package var signedAt: Int64

    /// Whether it gives access at `time`.
    package func entitles(at time: Int64) -> Bool {
        switch status {
        case .active: (expiresAt ?? .max) > time
        case .gracePeriod: (graceUntil ?? expiresAt ?? 0) > time
        case .billingRetry, .expired, .revoked: false
        }
    }

    /// The state to show at `time`: an active subscription past its expiry, with no news yet, has expired.
    package func status(at time: Int64) -> Status {
        status == .active && !entitles(at: time) ? .expired : status
    }
}

package enum SubscriptionStore {
    static let columns = [
        "original_transaction_id", "user_id", "bundle_id", "product_id", "status", "expires_at", "grace_until", "auto_renew",
        "pending_product_id", "signed_at",
    ]

    static func find(_ original: String, on sql: any SQLDatabase) async throws -> Subscription? {
        try await sql.select().columns(columns.map { SQLColumn($0) }).from("purchase_subscriptions").where("original_transaction_id", .equal, original)
            .first().map(subscription)
    }

    package static func subscriptions(of user: String, in bundle: String?, on sql: any SQLDatabase) async throws -> [Subscription] {
        var query = sql.select().columns(columns.map { SQLColumn($0) }).from("purchase_subscriptions").where("user_id", .equal, user)
        if let bundle { query = query.where("bundle_id", .equal, bundle) }
        return try await query.all().map(subscription)
    }

    /// Stores `subscription` unless what is stored was signed later.
    static func save(_ subscription: Subscription, on sql: any SQLDatabase) async throws {
        if let stored = try await find(subscription.originalTransactionID, on: sql), stored.signedAt > subscription.signedAt { return }
        try await sql.insert(into: "purchase_subscriptions").columns(columns)
            .values(
                SQLBind(subscription.originalTransactionID), SQLBind(subscription.user), SQLBind(subscription.bundleID),
                SQLBind(subscription.productID), SQLBind(subscription.status.rawValue), SQLBind(subscription.expiresAt),
                SQLBind(subscription.graceUntil), SQLBind(subscription.autoRenew ? 1 : 0), SQLBind(subscription.pendingProductID),
                SQLBind(subscription.signedAt))
            .onConflict(with: ["original_transaction_id"]) { conflict in
                var update = conflict
                for column in columns.dropFirst() { update = update.set(excludedValueOf: column) }
                return update
            }
            .run()
    }

    static func subscription(_ row: any SQLRow) throws -> Subscription {
        guard let status = Subscription.Status(rawValue: try row.decode(column: "status", as: String.self)) else { throw StoreError.corruptRow }
        return Subscription(
            originalTransactionID: try row.decode(column: "original_transaction_id", as: String.self),
            user: try row.decode(column: "user_id", as: String.self), bundleID: try row.decode(column: "bundle_id", as: String.self),
            productID: try row.decode(column: "product_id", as: String.self), status: status,
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self), graceUntil: try row.decode(column: "grace_until", as: Int64?.self),
            autoRenew: try row.decode(column: "auto_renew", as: Int.self) == 1,
            pendingProductID: try row.decode(column: "pending_product_id", as: String?.self), signedAt: try row.decode(column: "signed_at", as: Int64.self))
    }
}

enum StoreError: Error, CustomStringConvertible {
    case corruptRow

    var description: String { "a row of purchase_subscriptions does not decode" }
}
