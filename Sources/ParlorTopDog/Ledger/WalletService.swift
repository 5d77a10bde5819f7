import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorHTTP

/// A user's money: balance, history, deposits and withdrawals through the payment provider.
///
/// Each money request carries the client's idempotency key: a repeat answers the first result and
/// moves nothing; the same key for a different request is refused. A deposit or withdrawal is
/// written as pending before the provider is asked, so a crash between the two leaves a pending
/// row that the same request (same key) resolves, never a charge the books do not know about.
package struct WalletService: Sendable {
    let database: Database
    let provider: any PaymentProvider
    let now: @Sendable () -> Date
    let logger: Logger

    package init(database: Database, provider: any PaymentProvider, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.database = database
        self.provider = provider
        self.now = now
        self.logger = logger
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// The largest single deposit or withdrawal: $10,000.
    package static let maximumCents: Int64 = 1_000_000

    package func balance(of user: String) async throws -> Int64 {
        try await database.withConnection { sql in try await LedgerStore.balance(of: LedgerAccount.user(user), on: sql) }
    }

    package func history(of user: String, cursor: String?, limit: Int) async throws -> (transactions: [LedgerTransaction], next: String?) {
        let after = try cursor.map(Self.decodeCursor)
        let rows = try await database.withConnection { sql in
            try await LedgerStore.page(of: user, before: after, limit: limit + 1, on: sql)
        }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { "\($0.createdAt).\($0.id)" } : nil
        return (page, next)
    }

    package func deposit(_ cents: Int64, for user: String, key: String) async throws -> LedgerTransaction {
        try await move(.deposit, cents, for: user, key: key)
    }

    package func withdraw(_ cents: Int64, for user: String, key: String) async throws -> LedgerTransaction {
        try await move(.withdrawal, cents, for: user, key: key)
    }

    /// What the provider later said about a pending deposit or withdrawal (its webhook; for the
    /// sandbox, an admin call). Settling twice, or a transaction no longer pending, changes nothing.
    package func resolve(_ id: String, settled: Bool, reason: String?) async throws -> LedgerTransaction {
        guard let record = try await database.withConnection({ sql in try await LedgerStore.find(id, on: sql) }),
            record.kind == .deposit || record.kind == .withdrawal
        else { throw APIError.notFound("there is no deposit or withdrawal \(id)") }
        return try await finish(record, settled ? .settled : .failed(reason: reason ?? "refused by the payment provider"))
    }

    private func move(_ kind: LedgerTransaction.Kind, _ cents: Int64, for user: String, key: String) async throws -> LedgerTransaction {
        try Self.check(key: key)
        guard (1...Self.maximumCents).contains(cents) else {
            throw APIError.invalidField("amount_cents", "must be 1 to \(Self.maximumCents) cents")
        }
        let fingerprint = "\(kind.rawValue):\(cents)"
        let time = millis
        let record = LedgerTransaction(
            id: UUID().uuidString.lowercased(), userID: user, kind: kind, status: .pending, amountCents: kind == .deposit ? cents : -cents,
            idempotencyKey: key, fingerprint: fingerprint, reference: nil,
            description: kind == .deposit ? "Deposit" : "Withdrawal", failure: nil, createdAt: time, settledAt: nil)
        let stored: LedgerTransaction = try await database.transaction { sql in
            if let existing = try await LedgerStore.find(user: user, key: key, on: sql) {
                guard existing.fingerprint == fingerprint else { throw APIError.idempotencyKeyReused }
                return existing
            }
            try await LedgerStore.insert(record, on: sql)
            // A withdrawal holds the money at once, so it cannot be spent twice while it is on its way.
            if kind == .withdrawal {
                do {
                    try await LedgerStore.post(record.id, legs: [Posting(LedgerAccount.user(user), -cents), Posting(LedgerAccount.pendingWithdrawals, cents)], at: time, on: sql)
                } catch LedgerError.insufficientBalance {
                    throw APIError.insufficientBalance
                }
            }
            return record
        }
        guard stored.status == .pending else { return stored }
        let request = PaymentRequest(transaction: stored.id, user: user, amountCents: abs(stored.amountCents))
        let outcome: PaymentOutcome
        do {
            outcome = kind == .deposit ? try await provider.charge(request) : try await provider.payout(request)
        } catch {
            // The provider could not be reached: the row stays pending and a retry asks again.
            logger.warning("payment provider failed", metadata: ["transaction": "\(stored.id)", "error": "\(error)"])
            return stored
        }
        return try await finish(stored, outcome)
    }

    /// Applies the provider's answer to a pending transaction, once.
    private func finish(_ record: LedgerTransaction, _ outcome: PaymentOutcome) async throws -> LedgerTransaction {
        if case .pending = outcome { return record }
        let time = millis
        let cents = abs(record.amountCents)
        let user = LedgerAccount.user(record.userID ?? "")
        try await database.transaction { sql in
            switch outcome {
            case .settled:
                guard try await LedgerStore.resolve(record.id, to: .settled, failure: nil, at: time, on: sql) else { return }
                let legs =
                    record.kind == .deposit
                    ? [Posting(LedgerAccount.payments, -cents), Posting(user, cents)]
                    : [Posting(LedgerAccount.pendingWithdrawals, -cents), Posting(LedgerAccount.payments, cents)]
                try await LedgerStore.post(record.id, legs: legs, at: time, on: sql)
            case .failed(let reason):
                guard try await LedgerStore.resolve(record.id, to: .failed, failure: reason, at: time, on: sql) else { return }
                // A failed withdrawal gives the held money back.
                if record.kind == .withdrawal {
                    try await LedgerStore.post(record.id, legs: [Posting(LedgerAccount.pendingWithdrawals, -cents), Posting(user, cents)], at: time, on: sql)
                }
            case .pending:
                return
            }
        }
        return try await database.withConnection { sql in try await LedgerStore.find(record.id, on: sql) } ?? record
    }

    /// An idempotency key is 1 to 100 letters, digits and `._:-`, as the contract says.
    package static func check(key: String) throws {
        let allowed = key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._:-".unicodeScalars.contains($0)) }
        guard (1...100).contains(key.count), allowed else {
            throw APIError.invalidField("idempotency_key", "must be 1 to 100 letters, digits, '.', '_', ':' or '-'")
        }
    }

    static func decodeCursor(_ cursor: String) throws -> (Int64, String) {
        let parts = cursor.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let at = Int64(parts[0]) else { throw APIError.invalidField("cursor", "is not a cursor this server handed out") }
        return (at, String(parts[1]))
    }
}

extension APIError {
    package static let insufficientBalance = APIError(
        .conflict, code: "insufficient_balance", message: "your balance is too low for this; add funds to continue")
    package static let idempotencyKeyReused = APIError(
        .conflict, code: "idempotency_key_reused", message: "this idempotency key was used for a different request")
}
