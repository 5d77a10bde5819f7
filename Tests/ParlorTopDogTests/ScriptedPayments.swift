@testable import ParlorTopDog

/// A payment provider that answers each ask as the test scripted it and remembers every ask, so a
/// test can say how often the provider was asked and under which idempotency key.
actor ScriptedPayments: PaymentProvider {
    enum Answer: Sendable {
        case outcome(PaymentOutcome)
        /// Never answers: the ask waits until it is cancelled (the wallet's timeout).
        case silence
        /// Waits until ``release(with:)``, then answers that.
        case held
    }

    struct Ask: Sendable, Equatable {
        var kind: String
        var request: PaymentRequest
    }

    private var charges: [Answer]
    private var payouts: [Answer]
    private(set) var asks: [Ask] = []
    private var waiting: [CheckedContinuation<PaymentOutcome, Never>] = []

    /// Answers charges and payouts each in their script's order; once a script runs out, every
    /// further ask of that kind settles at once.
    init(charges: [Answer] = [], payouts: [Answer] = []) {
        self.charges = charges
        self.payouts = payouts
    }

    func charge(_ request: PaymentRequest) async throws -> PaymentOutcome { try await answer(.init(kind: "charge", request: request)) }
    func payout(_ request: PaymentRequest) async throws -> PaymentOutcome { try await answer(.init(kind: "payout", request: request)) }

    /// Answers every held ask with `outcome`.
    func release(with outcome: PaymentOutcome) {
        for continuation in waiting { continuation.resume(returning: outcome) }
        waiting.removeAll()
    }

    var heldAsks: Int { waiting.count }

    private func answer(_ ask: Ask) async throws -> PaymentOutcome {
        asks.append(ask)
        let next: Answer? = ask.kind == "charge" ? (charges.isEmpty ? nil : charges.removeFirst()) : (payouts.isEmpty ? nil : payouts.removeFirst())
        switch next ?? .outcome(.settled) {
        case .outcome(let outcome):
            return outcome
        case .silence:
            try await Task.sleep(for: .seconds(3_600))
            throw CancellationError()
        case .held:
            return await withCheckedContinuation { waiting.append($0) }
        }
    }
}
