import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// App Store Server Notifications v2: each verified, handled once (by `notificationUUID`), and
/// applied to the subscription or purchase it is about, unless newer news is already stored.
extension PurchaseService {
    /// What became of a notification.
    package enum NotificationOutcome: String, Sendable {
        case applied, duplicate, ignored
        /// About a purchase no account here has verified yet; the app's own verify call grants it.
        case unknownUser = "unknown_user"
    }

    package func handle(signedPayload: String) async throws -> NotificationOutcome {
        let notification = try await verified(signedPayload, as: SignedNotification.self)
        guard let data = notification.data else { return try await record(notification, .ignored) }
        guard verifier.environments.contains(data.environment) else {
            throw APIError(.badRequest, code: "wrong_environment", message: "this server does not handle \(data.environment) notifications")
        }
        let transaction = try await data.signedTransactionInfo.asyncMap { try await verified($0, as: SignedTransaction.self) }
        let renewal = try await data.signedRenewalInfo.asyncMap { try await verified($0, as: SignedRenewalInfo.self) }
        // Only the notification's own signature makes its parts trustworthy together.
        if let transaction, transaction.bundleId != data.bundleId { throw APIError.badRequest("the transaction is of another app") }
        let time = millis
        return try await database.transaction { sql in
            guard try await Self.claim(notification, at: time, on: sql) else { return .duplicate }
            let outcome = try await apply(notification, transaction: transaction, renewal: renewal, at: time, on: sql)
            let original = transaction?.originalTransactionId ?? renewal?.originalTransactionId
            try await sql.update("purchase_notifications").set("outcome", to: SQLBind(outcome.rawValue))
                .set("original_transaction_id", to: SQLBind(original))
                .where("notification_uuid", .equal, notification.notificationUUID).run()
            return outcome
        }
    }

    private func record(_ notification: SignedNotification, _ outcome: NotificationOutcome) async throws -> NotificationOutcome {
        let time = millis
        return try await database.transaction { sql in
            guard try await Self.claim(notification, at: time, on: sql) else { return .duplicate }
            try await sql.update("purchase_notifications").set("outcome", to: SQLBind(outcome.rawValue))
                .where("notification_uuid", .equal, notification.notificationUUID).run()
            return outcome
        }
    }

    /// Records the notification's UUID; false when it was handled already.
    static func claim(_ notification: SignedNotification, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.insert(into: "purchase_notifications")
            .columns("notification_uuid", "notification_type", "subtype", "signed_at", "received_at", "outcome")
            .values(
                SQLBind(notification.notificationUUID), SQLBind(notification.notificationType), SQLBind(notification.subtype),
                SQLBind(notification.signedDate), SQLBind(time), SQLBind("pending"))
            .ignoringConflicts(with: ["notification_uuid"]).returning("notification_uuid").all().count == 1
    }

    private func apply(
        _ notification: SignedNotification, transaction: SignedTransaction?, renewal: SignedRenewalInfo?, at time: Int64, on sql: any SQLDatabase
    ) async throws -> NotificationOutcome {
        guard let original = transaction?.originalTransactionId ?? renewal?.originalTransactionId else { return .ignored }
        let owner: String?
        if let known = try await PurchaseStore.owner(ofOriginal: original, on: sql) {
            owner = known
        } else {
            owner = transaction?.appAccountToken?.lowercased()
        }
        guard let user = owner else { return .unknownUser }
        switch notification.notificationType {
        case "SUBSCRIBED", "DID_RENEW", "OFFER_REDEEMED", "RENEWAL_EXTENDED":
            guard let transaction, let (app, product) = try? known(transaction) else { return .ignored }
            _ = try await apply(transaction, product: product, app: app, user: user, at: time, on: sql)
            try await update(original, signedAt: notification.signedDate, on: sql) { subscription in
                subscription.status = (transaction.expiresDate ?? .max) > time ? .active : .expired
                subscription.expiresAt = transaction.expiresDate
                subscription.productID = transaction.productId
                subscription.graceUntil = nil
                self.follow(renewal, into: &subscription)
            }
        case "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS":
            // An upgrade takes effect at once (its transaction is new); a downgrade at renewal.
            if let transaction, let (app, product) = try? known(transaction) {
                _ = try await apply(transaction, product: product, app: app, user: user, at: time, on: sql)
            }
            try await update(original, signedAt: notification.signedDate, on: sql) { subscription in
                if notification.subtype == "UPGRADE", let transaction {
                    subscription.productID = transaction.productId
                    subscription.expiresAt = transaction.expiresDate
                    subscription.status = .active
                }
                self.follow(renewal, into: &subscription)
            }
        case "DID_FAIL_TO_RENEW":
            try await update(original, signedAt: notification.signedDate, on: sql) { subscription in
                if notification.subtype == "GRACE_PERIOD" {
                    subscription.status = .gracePeriod
                    subscription.graceUntil = renewal?.gracePeriodExpiresDate
                } else {
                    subscription.status = .billingRetry
                }
                self.follow(renewal, into: &subscription)
            }
        case "GRACE_PERIOD_EXPIRED":
            try await update(original, signedAt: notification.signedDate, on: sql) { $0.status = .billingRetry }
        case "EXPIRED":
            try await update(original, signedAt: notification.signedDate, on: sql) { subscription in
                subscription.status = .expired
                subscription.autoRenew = false
            }
        case "REFUND", "REVOKE":
            guard let transaction else { return .ignored }
            try await revoke(transaction, at: transaction.revocationDate ?? time, on: sql)
        case "REFUND_REVERSED":
            guard let transaction else { return .ignored }
            try await restore(transaction, on: sql)
            if let app = catalogue.app(transaction.bundleId), app.product(transaction.productId)?.type == .autoRenewable {
                try await update(original, signedAt: notification.signedDate, on: sql) { subscription in
                    subscription.status = (subscription.expiresAt ?? .max) > time ? .active : .expired
                }
            }
        default:
            return .ignored
        }
        return .applied
    }

    /// Changes the stored subscription, unless it holds news signed after `signedAt`.
    private func update(_ original: String, signedAt: Int64, on sql: any SQLDatabase, _ change: (inout Subscription) -> Void) async throws {
        guard var subscription = try await SubscriptionStore.find(original, on: sql), subscription.signedAt <= signedAt else { return }
        change(&subscription)
        subscription.signedAt = signedAt
        try await SubscriptionStore.save(subscription, on: sql)
    }

    private func follow(_ renewal: SignedRenewalInfo?, into subscription: inout Subscription) {
        guard let renewal else { return }
        if let status = renewal.autoRenewStatus { subscription.autoRenew = status == 1 }
        let next = renewal.autoRenewProductId
        subscription.pendingProductID = next != nil && next != subscription.productID ? next : nil
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
