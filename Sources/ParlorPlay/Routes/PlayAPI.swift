import ParlorAccounts

/// The games, invitations and matchmaking routes; the application root forwards them here.
package struct PlayAPI: Sendable {
    let accounts: AccountService
    let play: PlayServices

    package init(accounts: AccountService, play: PlayServices) {
        self.accounts = accounts
        self.play = play
    }
}
