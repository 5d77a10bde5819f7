import ParlorAPI

/// The auth and users routes of the contract; the application root forwards them here.
package struct AccountsAPI: Sendable {
    let accounts: AccountService

    package init(accounts: AccountService) {
        self.accounts = accounts
    }
}
