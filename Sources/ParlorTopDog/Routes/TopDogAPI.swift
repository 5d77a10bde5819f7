import ParlorAccounts

/// TopDog's routes; the application root forwards them here.
package struct TopDogAPI: Sendable {
    let accounts: AccountService
    let topDog: TopDogServices

    package init(accounts: AccountService, topDog: TopDogServices) {
        self.accounts = accounts
        self.topDog = topDog
    }
}
