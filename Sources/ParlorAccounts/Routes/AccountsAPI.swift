import ParlorAPI

/// The auth and users routes of the contract; the application root forwards them here.
package struct AccountsAPI: Sendable {
    let accounts: AccountService
    /// What the other capabilities forget when a user deletes their account.
    let erasers: [any AccountErasureHook]
    /// What the other capabilities undo when staff suspend a user.
    let suspensionHooks: [any AccountSuspensionHook]
    /// Checks the game and chat line a report points at.
    let reportContext: (any ReportContextHook)?

    package init(
        accounts: AccountService, erasers: [any AccountErasureHook] = [], suspensionHooks: [any AccountSuspensionHook] = [],
        reportContext: (any ReportContextHook)? = nil
    ) {
        self.accounts = accounts
        // Accounts' own reports are erased with the rest.
        self.erasers = erasers + [ReportsEraser()]
        self.suspensionHooks = suspensionHooks
        self.reportContext = reportContext
    }

    /// Why this node cannot sign tokens, or nil when it can; readiness asks, so that a node whose
    /// key-encryption keys cannot open the stored signing keys takes no sign-ins.
    package func signingProblem() async -> String? {
        do {
            try await accounts.keys.checkCanSign()
            return nil
        } catch {
            return "the token signing keys cannot be used: \(error)"
        }
    }
}
