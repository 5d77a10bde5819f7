import Foundation
import JWTKit

/// The signed payloads of StoreKit 2 and App Store Server Notifications v2, as Apple names their
/// fields. Dates are milliseconds since 1970.
package struct SignedTransaction: JWTPayload, Equatable {
    package var transactionId: String
    package var originalTransactionId: String
    package var bundleId: String
    package var productId: String
    package var purchaseDate: Int64
    package var expiresDate: Int64?
    package var quantity: Int?
    /// `Consumable`, `Non-Consumable`, `Auto-Renewable Subscription`, `Non-Renewing Subscription`.
    package var type: String
    /// Set by the app at purchase: Parlor's user id, binding the purchase to one account.
    package var appAccountToken: String?
    package var signedDate: Int64
    /// `Production`, `Sandbox`, `Xcode`, `LocalTesting`.
    package var environment: String
    package var revocationDate: Int64?
    package var revocationReason: Int?
    package var subscriptionGroupIdentifier: String?
    package var isUpgraded: Bool?

    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Renewal information of a subscription (notifications carry it).
package struct SignedRenewalInfo: JWTPayload, Equatable {
    package var originalTransactionId: String
    package var productId: String?
    package var autoRenewProductId: String?
    /// 1 when the subscription renews automatically.
    package var autoRenewStatus: Int?
    package var isInBillingRetryPeriod: Bool?
    package var gracePeriodExpiresDate: Int64?
    package var signedDate: Int64
    package var environment: String

    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// An App Store Server Notification v2, once its `signedPayload` is verified.
package struct SignedNotification: JWTPayload, Equatable {
    package struct Body: Codable, Sendable, Equatable {
        package var bundleId: String
        package var environment: String
        package var signedTransactionInfo: String?
        package var signedRenewalInfo: String?
    }

    package var notificationType: String
    package var subtype: String?
    package var notificationUUID: String
    package var data: Body?
    package var version: String?
    package var signedDate: Int64

    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Payloads that say when they were signed: the chain is checked as of that time.
package protocol SignedAtPayload: JWTPayload {
    var signedDate: Int64 { get }
}

extension SignedTransaction: SignedAtPayload {}
extension SignedRenewalInfo: SignedAtPayload {}
extension SignedNotification: SignedAtPayload {}
