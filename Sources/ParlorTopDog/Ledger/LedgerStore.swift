import ParlorDatabase
import SQLKit

/// SQL over the ledger's tables. Every balance change goes through ``post(_:legs:at:on:)`` inside
/// the caller's transaction, so postings and balances never disagree.
package enum LedgerStore {
    /// Applies `legs`, which must sum to zero, as `transaction`'s postings. A user's account is
    /// debited only if it holds enough, checked and taken in one statement (so two debits racing
    /// on PostgreSQL cannot both pass); otherwise this throws and the caller's transaction rolls back.
    package static func post(_ transaction: String, legs: [Posting], at time: Int64, on sql: any SQLDatabase) async throws {
        guard legs.reduce(0, { $0 + $1.amount }) == 0 else { throw TopDogStoreError("postings of \(transaction) do not balance") }
        // A transaction may be posted in steps (a withdrawal's hold, then its payout or its refund):
        // each step's legs follow the ones already posted.
        let first =
            try await sql.raw("SELECT CAST(COALESCE(MAX(leg) + 1, 0) AS BIGINT) AS next FROM ledger_postings WHERE transaction_id = \(bind: transaction)")
            .first()?.decode(column: "next", as: Int.self) ?? 0
        for (offset, leg) in legs.enumerated() {
            let index = first + offset
            try await ensure(leg.account, on: sql)
            if leg.amount < 0, LedgerAccount.kind(of: leg.account) == "user" {
                let taken = try await sql.raw("""
                    UPDATE ledger_accounts SET balance_cents = balance_cents + \(bind: leg.amount)
                    WHERE id = \(bind: leg.account) AND balance_cents + \(bind: leg.amount) >= 0 RETURNING balance_cents
                    """).first()
                guard taken != nil else { throw LedgerError.insufficientBalance }
            } else {
                try await sql.raw("UPDATE ledger_accounts SET balance_cents = balance_cents + \(bind: leg.amount) WHERE id = \(bind: leg.account)").run()
            }
            try await sql.insert(into: "ledger_postings").columns("transaction_id", "leg", "account_id", "amount_cents", "at")
                .values(SQLBind(transaction), SQLBind(index), SQLBind(leg.account), SQLBind(leg.amount), SQLBind(time)).run()
        }
    }

    static func ensure(_ account: String, on sql: any SQLDatabase) async throws {
        let user = LedgerAccount.kind(of: account) == "user" ? String(account.dropFirst("user:".count)) : nil
        try await sql.insert(into: "ledger_accounts").columns("id", "kind", "user_id", "balance_cents")
            .values(SQLBind(account), SQLBind(LedgerAccount.kind(of: account)), SQLBind(user), SQLBind(Int64(0)))
            .ignoringConflicts(with: ["id"]).run()
    }

    package static func balance(of account: String, on sql: any SQLDatabase) async throws -> Int64 {
        try await sql.select().column("balance_cents").from("ledger_accounts").where("id", .equal, account).first()?
            .decode(column: "balance_cents", as: Int64.self) ?? 0
    }

    package static func insert(_ record: LedgerTransaction, on sql: any SQLDatabase) async throws {
        try await inserting(record, on: sql).run()
    }

    private static func inserting(_ record: LedgerTransaction, on sql: any SQLDatabase) -> SQLInsertBuilder {
        sql.insert(into: "ledger_transactions")
            .columns(
                "id", "user_id", "kind", "status", "amount_cents", "idempotency_key", "fingerprint", "reference", "description", "failure",
                "created_at", "settled_at")
            .values(
                SQLBind(record.id), SQLBind(record.userID), SQLBind(record.kind.rawValue), SQLBind(record.status.rawValue),
                SQLBind(record.amountCents), SQLBind(record.idempotencyKey), SQLBind(record.fingerprint), SQLBind(record.reference),
                SQLBind(record.description), SQLBind(record.failure), SQLBind(record.createdAt), SQLBind(record.settledAt))
    }

    /// Inserts `record` unless its user already has a transaction under its idempotency key (a
    /// concurrent request with the same key, say); true when this call wrote it.
    package static func insertIfNew(_ record: LedgerTransaction, on sql: any SQLDatabase) async throws -> Bool {
        let row = try await inserting(record, on: sql)
            .ignoringConflicts(with: ["user_id", "idempotency_key"])
            .returning("id")
            .first()
        return row != nil
    }

    /// Claims the right to ask the payment provider about pending transaction `id` now: granted
    /// when the provider was never asked, or was asked at or before `staleBefore` and never
    /// answered. Two requests racing for it cannot both win, so the provider is asked once at a time.
    package static func claimAsk(_ id: String, at time: Int64, staleBefore: Int64, on sql: any SQLDatabase) async throws -> Bool {
        let row = try await sql.raw("""
            UPDATE ledger_transactions SET provider_asked_at = \(bind: time)
            WHERE id = \(bind: id) AND status = 'pending' AND provider_answered_at IS NULL
            AND (provider_asked_at IS NULL OR provider_asked_at <= \(bind: staleBefore)) RETURNING id
            """).first()
        return row != nil
    }

    /// Records that the provider answered about `id`, whatever it said.
    package static func recordAnswer(_ id: String, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update("ledger_transactions").set("provider_answered_at", to: SQLBind(time)).where("id", .equal, id).run()
    }

    /// Moves a pending transaction to `status`; false when it was no longer pending (another
    /// request or node settled it first), in which case the caller must not post anything.
    package static func resolve(_ id: String, to status: LedgerTransaction.Status, failure: String?, at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        let row = try await sql.raw("""
            UPDATE ledger_transactions SET status = \(bind: status.rawValue), failure = \(bind: failure), settled_at = \(bind: time)
            WHERE id = \(bind: id) AND status = 'pending' RETURNING id
            """).first()
        return row != nil
    }

    package static func find(_ id: String, on sql: any SQLDatabase) async throws -> LedgerTransaction? {
        try await sql.select().column("*").from("ledger_transactions").where("id", .equal, id).first().map(decode)
    }

    package static func find(user: String, key: String, on sql: any SQLDatabase) async throws -> LedgerTransaction? {
        try await sql.select().column("*").from("ledger_transactions").where("user_id", .equal, user).where("idempotency_key", .equal, key)
            .first().map(decode)
    }

    /// The user's transactions, newest first, before `cursor` (created_at, id).
    package static func page(of user: String, before cursor: (Int64, String)?, limit: Int, on sql: any SQLDatabase) async throws -> [LedgerTransaction] {
        var query = sql.select().column("*").from("ledger_transactions").where("user_id", .equal, user)
        if let (at, id) = cursor {
            query = query.where { group in
                group.where("created_at", .lessThan, at).orWhere { $0.where("created_at", .equal, at).where("id", .lessThan, id) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all().map(decode)
    }

    static func decode(_ row: any SQLRow) throws -> LedgerTransaction {
        guard let kind = LedgerTransaction.Kind(rawValue: try row.decode(column: "kind", as: String.self)),
            let status = LedgerTransaction.Status(rawValue: try row.decode(column: "status", as: String.self))
        else { throw TopDogStoreError("a stored transaction has an unknown kind or status") }
        return LedgerTransaction(
            id: try row.decode(column: "id", as: String.self), userID: try row.decode(column: "user_id", as: String?.self), kind: kind,
            status: status, amountCents: try row.decode(column: "amount_cents", as: Int64.self),
            idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self), fingerprint: try row.decode(column: "fingerprint", as: String.self),
            reference: try row.decode(column: "reference", as: String?.self), description: try row.decode(column: "description", as: String.self),
            failure: try row.decode(column: "failure", as: String?.self), createdAt: try row.decode(column: "created_at", as: Int64.self),
            settledAt: try row.decode(column: "settled_at", as: Int64?.self),
            providerAskedAt: try row.decode(column: "provider_asked_at", as: Int64?.self),
            providerAnsweredAt: try row.decode(column: "provider_answered_at", as: Int64?.self))
    }
}

package enum LedgerError: Error, Equatable {
    case insufficientBalance
}
