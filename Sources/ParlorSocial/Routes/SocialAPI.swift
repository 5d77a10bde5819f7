import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// Social's routes; the application root forwards them here.
package struct SocialAPI: Sendable {
    let accounts: AccountService
    let social: SocialServices
    let presence: PresenceService

    package init(accounts: AccountService, social: SocialServices, presence: PresenceService) {
        self.accounts = accounts
        self.social = social
        self.presence = presence
    }
}
