import ParlorAccounts
import SQLKit

/// Purchases' part of deleting an account: its transactions, balances, uses and subscriptions.
/// Apple keeps the purchases themselves; a later notification about them finds no owner.
package struct PurchasesEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await PurchaseStore.erase(user, on: sql)
        return .none
    }
}
