import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Balance, history, deposits and withdrawals.
extension TopDogAPI {
    package func getWallet(_ input: Operations.GetWallet.Input) async throws -> Operations.GetWallet.Output {
        let caller = try await accounts.authenticate()
        return .ok(.init(body: .json(.init(balanceCents: try await topDog.wallet.balance(of: caller.userID)))))
    }

    package func listWalletTransactions(_ input: Operations.ListWalletTransactions.Input) async throws -> Operations.ListWalletTransactions.Output {
        let caller = try await accounts.authenticate()
        let limit = input.query.limit ?? 20
        guard (1...100).contains(limit) else { throw APIError.invalidField("limit", "must be 1–100") }
        let page = try await topDog.wallet.history(of: caller.userID, cursor: input.query.cursor, limit: limit)
        return .ok(.init(body: .json(.init(transactions: page.transactions.map(Components.Schemas.WalletTransaction.init), next: page.next))))
    }

    package func depositFunds(_ input: Operations.DepositFunds.Input) async throws -> Operations.DepositFunds.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let record = try await topDog.wallet.deposit(body.amountCents, for: caller.userID, key: body.idempotencyKey)
        return .created(.init(body: .json(.init(record))))
    }

    package func withdrawFunds(_ input: Operations.WithdrawFunds.Input) async throws -> Operations.WithdrawFunds.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        try await accounts.requireVerifiedEmail(caller)
        let record = try await topDog.wallet.withdraw(body.amountCents, for: caller.userID, key: body.idempotencyKey)
        return .created(.init(body: .json(.init(record))))
    }

    package func adminResolvePayment(_ input: Operations.AdminResolvePayment.Input) async throws -> Operations.AdminResolvePayment.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let record = try await topDog.wallet.resolve(
            input.path.transactionID.lowercased(), settled: body.status == "settled", reason: body.reason,
            by: StaffAction(actor: admin.userID, reason: body.reason))
        return .ok(.init(body: .json(.init(record))))
    }
}
