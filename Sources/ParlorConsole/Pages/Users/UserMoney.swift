import Foundation
import ParlorAPI

/// A user's App Store purchases, subscriptions, balances and the notifications about them (admins).
struct UserPurchasesView: Sendable {
    struct Transaction: Sendable {
        var productID: String
        var productType: String
        var quantity: Int
        var purchasedAt: String
        var expiresAt: String?
        var revokedAt: String?
        var environment: String
        var transactionID: String
    }

    struct Subscription: Sendable {
        var productID: String
        var status: String
        var expiresAt: String?
        var autoRenew: Bool
    }

    struct Balance: Sendable {
        var bundleID: String
        var item: String
        var balance: Int
    }

    struct Notification: Sendable {
        var type: String
        var receivedAt: String
        var outcome: String
    }

    var transactions: [Transaction]
    var subscriptions: [Subscription]
    var balances: [Balance]
    var notifications: [Notification]
    /// The full listing when the page shows only the first rows of some list.
    var moreHref: String?

    /// The purchases of `user`, each list cut to `cap` rows when given.
    static func load(_ user: String, request: ConsoleRequest, cap: Int?) async throws -> UserPurchasesView {
        let all = try await request.call { api in try await api.adminGetUserPurchases(.init(path: .init(userID: user))).ok.body.json }
        let limit = cap ?? Int.max
        let cut = [all.transactions.count, all.subscriptions.count, all.balances.count, all.notifications.count].contains { $0 > limit }
        return UserPurchasesView(
            transactions: all.transactions.prefix(limit).map {
                Transaction(
                    productID: $0.productId, productType: $0.productType, quantity: $0.quantity, purchasedAt: ConsoleFormat.time($0.purchasedAt),
                    expiresAt: $0.expiresAt.map(ConsoleFormat.time), revokedAt: $0.revokedAt.map(ConsoleFormat.time), environment: $0.environment,
                    transactionID: $0.transactionId)
            },
            subscriptions: all.subscriptions.prefix(limit).map {
                Subscription(productID: $0.productId, status: $0.status, expiresAt: $0.expiresAt.map(ConsoleFormat.time), autoRenew: $0.autoRenew)
            },
            balances: all.balances.prefix(limit).map { Balance(bundleID: $0.bundleId, item: $0.item, balance: $0.balance) },
            notifications: all.notifications.prefix(limit).map {
                Notification(
                    type: [$0.notificationType, $0.subtype].compactMap { $0 }.joined(separator: " · "), receivedAt: ConsoleFormat.time($0.receivedAt),
                    outcome: $0.outcome)
            },
            moreHref: cut ? "/console/users/\(user)/purchases" : nil)
    }
}

/// A user's TopDog balance and ledger, newest first (admins).
struct UserLedgerView: Sendable {
    struct Entry: Sendable {
        var createdAt: String
        var kind: String
        var status: String
        var amount: String
        var isCredit: Bool
        var description: String
        var reference: String?
        var failure: String?
    }

    var balance: String
    var entries: [Entry]
    /// The next rows: the ledger page (from a user's page) or its next page.
    var moreHref: String?

    static func load(_ user: String, request: ConsoleRequest, cursor: String?, limit: Int, moreHref: String?) async throws -> UserLedgerView {
        let ledger = try await request.call { api in
            try await api.adminUserLedger(.init(path: .init(userID: user), query: .init(cursor: cursor, limit: limit))).ok.body.json
        }
        return UserLedgerView(
            balance: ConsoleFormat.money(cents: ledger.balanceCents),
            entries: ledger.transactions.map {
                Entry(
                    createdAt: ConsoleFormat.time($0.createdAt), kind: $0.kind.rawValue.replacingOccurrences(of: "_", with: " "), status: $0.status.rawValue,
                    amount: ConsoleFormat.money(cents: $0.amountCents), isCredit: $0.amountCents >= 0, description: $0.description,
                    reference: $0.reference, failure: $0.failure)
            },
            moreHref: ledger.next.map { next in moreHref ?? ConsolePager(path: request.path, query: request.query, nextCursor: next).nextHref ?? "" })
    }
}
