import ParlorAccounts

/// Tandem's stats-sync routes; the application root forwards them here.
package struct SyncAPI: Sendable {
    let accounts: AccountService
    let sync: SyncService

    package init(accounts: AccountService, sync: SyncService) {
        self.accounts = accounts
        self.sync = sync
    }
}
