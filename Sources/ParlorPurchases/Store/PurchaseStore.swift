import Foundation
import SQLKit

/// The purchase tables. Balances change only by single statements (an add, a conditional spend,
/// a clamped refund), so concurrent requests cannot spend one unit twice or go below zero.
package enum PurchaseStore {
    struct StoredTransaction: Sendable, Equatable {
        var user: String
        var bundleID: String
        var productID: String
        var productType: String
        var quantity: Int
        var revokedAt: Int64?
    }

    static func transaction(_ id: String, on sql: any SQLDatabase) async throws -> StoredTransaction? {
        try await sql.select().columns("user_id", "bundle_id", "product_id", "product_type", "quantity", "revoked_at")
            .from("purchase_transactions").where("transaction_id", .equal, id).first().map {
                StoredTransaction(
                    user: try $0.decode(column: "user_id", as: String.self), bundleID: try $0.decode(column: "bundle_id", as: String.self),
                    productID: try $0.decode(column: "product_id", as: String.self),
                    productType: try $0.decode(column: "product_type", as: String.self), quantity: try $0.decode(column: "quantity", as: Int.self),
                    revokedAt: try $0.decode(column: "revoked_at", as: Int64?.self))
            }
    }

    static func insert(_ transaction: SignedTransaction, type: String, user: String, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "purchase_transactions")
            .columns(
                "transaction_id", "original_transaction_id", "user_id", "bundle_id", "product_id", "product_type", "quantity", "purchased_at",
                "expires_at", "revoked_at", "environment", "signed_at", "recorded_at")
            .values(
                SQLBind(transaction.transactionId), SQLBind(transaction.originalTransactionId), SQLBind(user), SQLBind(transaction.bundleId),
                SQLBind(transaction.productId), SQLBind(type), SQLBind(max(1, transaction.quantity ?? 1)), SQLBind(transaction.purchaseDate),
                SQLBind(transaction.expiresDate), SQLBind(transaction.revocationDate), SQLBind(transaction.environment),
                SQLBind(transaction.signedDate), SQLBind(time))
            .run()
    }

    static func setRevoked(_ id: String, at time: Int64?, on sql: any SQLDatabase) async throws {
        try await sql.update("purchase_transactions").set("revoked_at", to: SQLBind(time)).where("transaction_id", .equal, id).run()
    }

    /// Who owns the purchases of `original` (the account that verified any of its transactions).
    static func owner(ofOriginal original: String, on sql: any SQLDatabase) async throws -> String? {
        try await sql.select().column("user_id").from("purchase_transactions").where("original_transaction_id", .equal, original).limit(1)
            .first()?.decode(column: "user_id", as: String.self)
    }

    // MARK: Balances

    static func add(_ amount: Int, of item: String, to user: String, in bundle: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO purchase_balances (user_id, bundle_id, item, balance) VALUES (\(bind: user), \(bind: bundle), \(bind: item), \(bind: amount))
            ON CONFLICT (user_id, bundle_id, item) DO UPDATE SET balance = purchase_balances.balance + excluded.balance
            """).run()
    }

    /// Takes back `amount` (a refund); a balance already spent below it goes to zero, not below.
    static func remove(_ amount: Int, of item: String, from user: String, in bundle: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            UPDATE purchase_balances SET balance = CASE WHEN balance > \(bind: amount) THEN balance - \(bind: amount) ELSE 0 END
            WHERE user_id = \(bind: user) AND bundle_id = \(bind: bundle) AND item = \(bind: item)
            """).run()
    }

    /// Spends one; the balance left, or nil when there was none to spend.
    static func spendOne(_ item: String, of user: String, in bundle: String, on sql: any SQLDatabase) async throws -> Int? {
        try await sql.raw("""
            UPDATE purchase_balances SET balance = balance - 1
            WHERE user_id = \(bind: user) AND bundle_id = \(bind: bundle) AND item = \(bind: item) AND balance >= 1
            RETURNING balance
            """).first()?.decode(column: "balance", as: Int.self)
    }

    static func balances(of user: String, in bundle: String, on sql: any SQLDatabase) async throws -> [String: Int] {
        var found: [String: Int] = [:]
        for row in try await sql.select().columns("item", "balance").from("purchase_balances")
            .where("user_id", .equal, user).where("bundle_id", .equal, bundle).all()
        {
            found[try row.decode(column: "item", as: String.self)] = try row.decode(column: "balance", as: Int.self)
        }
        return found
    }

    // MARK: Uses

    struct Use: Sendable, Equatable {
        var item: String
        var spent: Bool
        var answer: String?
    }

    static func use(_ id: String, of user: String, on sql: any SQLDatabase) async throws -> Use? {
        try await sql.select().columns("item", "spent", "answer").from("purchase_uses").where("user_id", .equal, user).where("use_id", .equal, id)
            .first().map {
                Use(item: try $0.decode(column: "item", as: String.self), spent: try $0.decode(column: "spent", as: Int.self) == 1,
                    answer: try $0.decode(column: "answer", as: String?.self))
            }
    }

    /// Records a use; false when `id` was already recorded (by a concurrent retry).
    static func record(_ id: String, of user: String, in bundle: String, use: Use, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.insert(into: "purchase_uses").columns("user_id", "use_id", "bundle_id", "item", "spent", "answer", "at")
            .values(SQLBind(user), SQLBind(id), SQLBind(bundle), SQLBind(use.item), SQLBind(use.spent ? 1 : 0), SQLBind(use.answer), SQLBind(time))
            .ignoringConflicts(with: ["user_id", "use_id"]).returning("use_id").all().count == 1
    }

    // MARK: Owned products

    /// Products owned for good (non-consumables not revoked), by id.
    static func ownedProducts(of user: String, in bundle: String, on sql: any SQLDatabase) async throws -> Set<String> {
        Set(try await sql.select().distinct().column("product_id").from("purchase_transactions")
            .where("user_id", .equal, user).where("bundle_id", .equal, bundle).where("product_type", .equal, "non_consumable")
            .where("revoked_at", .is, SQLLiteral.null).all().map { try $0.decode(column: "product_id", as: String.self) })
    }

    package static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        for table in ["purchase_balances", "purchase_uses", "purchase_subscriptions", "purchase_transactions"] {
            try await sql.delete(from: table).where("user_id", .equal, user).run()
        }
    }
}
