import ParlorAccounts
import ParlorHTTP

/// The games, invitations and matchmaking routes; the application root forwards them here.
package struct PlayAPI: Sendable {
    let accounts: AccountService
    let play: PlayService

    package init(accounts: AccountService, play: PlayService) {
        self.accounts = accounts
        self.play = play
    }
}
