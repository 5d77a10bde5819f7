/// Where money comes from and goes to: a card processor or bank. Each call carries the ledger
/// transaction's id, which a real provider takes as its idempotency key, so asking again about the
/// same transaction (after a crash, say) never charges or pays twice.
package protocol PaymentProvider: Sendable {
    func charge(_ request: PaymentRequest) async throws -> PaymentOutcome
    func payout(_ request: PaymentRequest) async throws -> PaymentOutcome
}

package struct PaymentRequest: Sendable, Equatable {
    package var transaction: String
    package var user: String
    package var amountCents: Int64
}

package enum PaymentOutcome: Sendable, Equatable {
    case settled
    /// The provider will say later (a bank transfer, a review); the ledger keeps it pending.
    case pending
    case failed(reason: String)
}

/// The provider for development and tests: decides by the amount's last two digits of cents, as
/// payment sandboxes do with magic card numbers. `…01` stays pending (settle it through the admin
/// route, as a provider's webhook would), `…02` is declined, anything else settles at once.
package struct SandboxPaymentProvider: PaymentProvider {
    package init() {}

    package func charge(_ request: PaymentRequest) async throws -> PaymentOutcome { outcome(request.amountCents) }
    package func payout(_ request: PaymentRequest) async throws -> PaymentOutcome { outcome(request.amountCents) }

    private func outcome(_ cents: Int64) -> PaymentOutcome {
        switch cents % 100 {
        case 1: .pending
        case 2: .failed(reason: "declined by the sandbox (amounts ending in .02 are)")
        default: .settled
        }
    }
}
