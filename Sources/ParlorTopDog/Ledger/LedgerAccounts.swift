/// The ledger's accounts. A user's account holds their balance and never goes below zero; the
/// others are the other side of money moving in and out: the payment provider's (cash that came in
/// or went out), withdrawals on their way out, each tournament's escrow of entry fees, and the
/// house (what is left of a completed tournament's fees after prizes, or what it adds to them).
package enum LedgerAccount {
    package static func user(_ id: String) -> String { "user:\(id)" }
    package static func escrow(_ tournament: String) -> String { "escrow:\(tournament)" }
    package static let payments = "external:payments"
    package static let pendingWithdrawals = "house:withdrawals-pending"
    package static let house = "house:revenue"

    /// Only user accounts are held to a non-negative balance; the others are the books' other side.
    static func kind(of account: String) -> String {
        String(account.prefix { $0 != ":" })
    }
}

/// One leg of a transaction: `amount` cents added to `account` (negative takes them away).
package struct Posting: Sendable, Equatable {
    package var account: String
    package var amount: Int64

    package init(_ account: String, _ amount: Int64) {
        self.account = account
        self.amount = amount
    }
}

/// A stored ledger transaction, as the history lists it; amounts are from the user's side.
package struct LedgerTransaction: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case deposit, withdrawal
        case entryFee = "entry_fee"
        case prize, refund
    }

    package enum Status: String, Sendable {
        case pending, settled, failed
    }

    package var id: String
    package var userID: String?
    package var kind: Kind
    package var status: Status
    /// Signed from the user's side: a deposit or prize is positive, a withdrawal or fee negative.
    package var amountCents: Int64
    package var idempotencyKey: String?
    /// What the request asked for, so a key reused for a different request is told apart.
    package var fingerprint: String
    package var reference: String?
    package var description: String
    package var failure: String?
    package var createdAt: Int64
    package var settledAt: Int64?
    /// When the payment provider was last asked about this deposit or withdrawal, if ever.
    package var providerAskedAt: Int64? = nil
    /// When the provider gave an answer (settled, failed, or pending until its webhook says more).
    package var providerAnsweredAt: Int64? = nil
}
