import ParlorAccounts

/// The mini-app catalogue and single sign-on routes; the application root forwards them here.
package struct MiniAppsAPI: Sendable {
    let accounts: AccountService
    let miniApps: MiniAppService

    package init(accounts: AccountService, miniApps: MiniAppService) {
        self.accounts = accounts
        self.miniApps = miniApps
    }
}
