import Foundation
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// A user's money: balance, history, deposits and withdrawals through the payment provider.
///
/// Each money request carries the client's idempotency key: a repeat answers the first result and
/// moves nothing; the same key for a different request is refused. A deposit or withdrawal is
/// written as pending before the provider is asked, so a crash between the two leaves a pending
/// row that the same request (same key) resolves, never a charge the books do not know about.
package struct WalletService: Sendable {
    let database: Database
    let provider: any PaymentProvider
    /// How long the provider may take to answer before the transaction is left pending.
    let providerTimeout: Duration
    let now: @Sendable () -> Date
    let logger: Logger

    package init(
        database: Database, provider: any PaymentProvider, providerTimeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date,
        logger: Logger
    ) {
        self.database = database
        self.provider = provider
        self.providerTimeout = providerTimeout
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
    package func resolve(_ id: String, settled: Bool, reason: String?, by staff: StaffAction) async throws -> LedgerTransaction {
        guard let record = try await database.withConnection({ sql in try await LedgerStore.find(id, on: sql) }),
            record.kind == .deposit || record.kind == .withdrawal
        else { throw APIError.notFound("there is no deposit or withdrawal \(id)") }
        return try await finish(record, settled ? .settled : .failed(reason: reason ?? "refused by the payment provider"), by: staff)
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
            if let existing = try await Self.earlier(user: user, key: key, fingerprint: fingerprint, on: sql) { return existing }
            guard try await LedgerStore.insertIfNew(record, on: sql) else {
                // A request with the same key was written between the look-up and the insert.
                guard let existing = try await Self.earlier(user: user, key: key, fingerprint: fingerprint, on: sql) else {
                    throw TopDogStoreError("transaction under key \(key) vanished")
                }
                return existing
            }
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
        return try await ask(about: stored)
    }

    /// The transaction `user` already made under `key`, if any; the same key for another request is refused.
    private static func earlier(user: String, key: String, fingerprint: String, on sql: any SQLDatabase) async throws -> LedgerTransaction? {
        guard let existing = try await LedgerStore.find(user: user, key: key, on: sql) else { return nil }
        guard existing.fingerprint == fingerprint else { throw APIError.idempotencyKeyReused }
        return existing
    }

    /// Asks the provider about a pending transaction and applies its answer, unless it already
    /// answered (a retry then gets the first answer) or another request asked less than
    /// `providerTimeout` ago. Only a transaction whose last ask got no answer in time (or whose
    /// node stopped) is asked again, under the same transaction id, the provider's idempotency key.
    private func ask(about record: LedgerTransaction) async throws -> LedgerTransaction {
        guard record.status == .pending else { return record }
        let time = millis
        let stale = time - providerTimeout.milliseconds
        let claimed = try await database.withConnection { sql in try await LedgerStore.claimAsk(record.id, at: time, staleBefore: stale, on: sql) }
        guard claimed else { return try await reread(record) }
        let request = PaymentRequest(transaction: record.id, user: record.userID ?? "", amountCents: abs(record.amountCents))
        let outcome: PaymentOutcome
        do {
            outcome = try await withTimeout(providerTimeout) { [provider] in
                if record.kind == .deposit { return try await provider.charge(request) }
                return try await provider.payout(request)
            }
        } catch {
            // No answer: the row stays pending; the provider's webhook, or a retry once the
            // timeout has passed, settles it.
            logger.warning("payment provider gave no answer", metadata: ["transaction": "\(record.id)", "error": "\(error)"])
            return try await reread(record)
        }
        return try await finish(record, outcome)
    }

    /// Applies the provider's answer to a pending transaction, once.
    private func finish(_ record: LedgerTransaction, _ outcome: PaymentOutcome, by staff: StaffAction? = nil) async throws -> LedgerTransaction {
        let time = millis
        let cents = abs(record.amountCents)
        let user = LedgerAccount.user(record.userID ?? "")
        try await database.transaction { sql in
            try await LedgerStore.recordAnswer(record.id, at: time, on: sql)
            switch outcome {
            case .settled:
                guard try await LedgerStore.resolve(record.id, to: .settled, failure: nil, at: time, on: sql) else { return }
                try await staff?.record("topdog.payment.settle", on: "ledger_transaction", record.id, details: ["kind": record.kind.rawValue], at: time, in: sql)
                let legs =
                    record.kind == .deposit
                    ? [Posting(LedgerAccount.payments, -cents), Posting(user, cents)]
                    : [Posting(LedgerAccount.pendingWithdrawals, -cents), Posting(LedgerAccount.payments, cents)]
                try await LedgerStore.post(record.id, legs: legs, at: time, on: sql)
            case .failed(let reason):
                guard try await LedgerStore.resolve(record.id, to: .failed, failure: reason, at: time, on: sql) else { return }
                try await staff?.record("topdog.payment.fail", on: "ledger_transaction", record.id, details: ["kind": record.kind.rawValue], at: time, in: sql)
                // A failed withdrawal gives the held money back.
                if record.kind == .withdrawal {
                    try await LedgerStore.post(record.id, legs: [Posting(LedgerAccount.pendingWithdrawals, -cents), Posting(user, cents)], at: time, on: sql)
                }
            case .pending:
                return
            }
        }
        return try await reread(record)
    }

    private func reread(_ record: LedgerTransaction) async throws -> LedgerTransaction {
        try await database.withConnection { sql in try await LedgerStore.find(record.id, on: sql) } ?? record
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
