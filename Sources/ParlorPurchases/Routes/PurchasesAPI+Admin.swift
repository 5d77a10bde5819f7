import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// Purchases as an operator reads them: a user's, and the App Store's notifications.
extension PurchasesAPI {
    package func adminGetUserPurchases(_ input: Operations.AdminGetUserPurchases.Input) async throws -> Operations.AdminGetUserPurchases.Output {
        _ = try await accounts.requireAdmin()
        let user = input.path.userID
        let answer = try await purchases.database.withConnection { sql in
            Components.Schemas.AdminUserPurchases(
                transactions: try await PurchaseStore.adminTransactions(of: user, on: sql),
                subscriptions: try await SubscriptionStore.subscriptions(of: user, in: nil, on: sql).map {
                    .init(
                        originalTransactionId: $0.originalTransactionID, bundleId: $0.bundleID, productId: $0.productID, status: $0.status.rawValue,
                        expiresAt: $0.expiresAt.map(Date.init(millis:)), graceUntil: $0.graceUntil.map(Date.init(millis:)), autoRenew: $0.autoRenew,
                        pendingProductId: $0.pendingProductID)
                },
                balances: try await PurchaseStore.adminBalances(of: user, on: sql),
                notifications: try await PurchaseStore.adminNotifications(of: user, on: sql))
        }
        return .ok(.init(body: .json(answer)))
    }

    package func adminListPurchaseNotifications(
        _ input: Operations.AdminListPurchaseNotifications.Input
    ) async throws -> Operations.AdminListPurchaseNotifications.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let rows = try await purchases.database.withConnection { sql in
            try await PurchaseStore.adminNotifications(before: cursor.map { ($0.time, $0.id) }, limit: limit + 1, on: sql)
        }
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last.map { PageCursor(time: $0.receivedAt.millis, id: $0.notificationUuid).token } : nil
        return .ok(.init(body: .json(.init(notifications: Array(page), next: next))))
    }
}
