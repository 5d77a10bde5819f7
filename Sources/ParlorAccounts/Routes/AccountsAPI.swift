import ParlorAPI

/// The auth and users routes of the contract; the application root forwards them here.
package struct AccountsAPI: Sendable {
    let accounts: AccountService
    /// What the other capabilities forget when a user deletes their account.
    let erasers: [any AccountEraser]

    package init(accounts: AccountService, erasers: [any AccountEraser] = []) {
        self.accounts = accounts
        self.erasers = erasers
    }
}
