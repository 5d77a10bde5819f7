import Foundation
import HTTPTypes
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Spending hints and undos: one unit per use id however often the request is retried, never
/// below zero, free for Pro.
extension PurchaseService {
    package enum Item: String, Sendable, CaseIterable {
        case hint, undo

        var balance: String { self == .hint ? "hints" : "undos" }
    }

    package struct Spent: Sendable, Equatable {
        package var item: Item
        /// What is left; nil when the subscription makes them unlimited.
        package var remaining: Int?
        /// False for a retried use, and for one Pro paid nothing for.
        package var charged: Bool
        /// Whether this request repeated an earlier one with the same use id.
        package var repeated: Bool
        /// What the first request was answered (a hint's suggestion).
        package var answer: String?
    }

    /// Spends one `item` of `user` in `app` under `useID`, remembering `answer` with it.
    package func spend(
        _ item: Item, useID: String, user: String, app: ProductCatalogue.App, answer: String? = nil
    ) async throws -> Spent {
        guard (1...64).contains(useID.count), useID.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw APIError.invalidField("use_id", "must be 1 to 64 printable characters")
        }
        let key = "\(item.rawValue)/\(useID)"
        let time = millis
        return try await database.transaction { sql in
            let entitlements = try await Entitlements.read(user: user, app: app, at: time, on: sql)
            let free = entitlements.unlimitedHintsAndUndos
            // Recorded first: a concurrent retry waits on this row and then finds it.
            guard try await PurchaseStore.record(
                key, of: user, in: app.bundleID, use: .init(item: item.balance, spent: !free, answer: answer), at: time, on: sql)
            else {
                let earlier = try await PurchaseStore.use(key, of: user, on: sql)
                let left = try await PurchaseStore.balances(of: user, in: app.bundleID, on: sql)[item.balance] ?? 0
                return Spent(item: item, remaining: free ? nil : left, charged: false, repeated: true, answer: earlier?.answer)
            }
            if free { return Spent(item: item, remaining: nil, charged: false, repeated: false, answer: answer) }
            guard let left = try await PurchaseStore.spendOne(item.balance, of: user, in: app.bundleID, on: sql) else {
                throw APIError(.init(code: 402, reasonPhrase: "Payment Required"), code: "no_\(item.balance)_left", message: "you have no \(item.balance) left; buy a pack or subscribe to Pro")
            }
            return Spent(item: item, remaining: left, charged: true, repeated: false, answer: answer)
        }
    }
}
