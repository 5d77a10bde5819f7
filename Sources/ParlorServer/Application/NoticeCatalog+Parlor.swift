import ParlorAccounts
import ParlorEvents
import ParlorPlay
import ParlorSocial
import ParlorSync
import ParlorTopDog

extension NoticeCatalog {
    /// Every capability's notices: what a node reads from the others.
    package static let parlor = NoticeCatalog([GameNotice.self, DraftNotice.self, SocialNotice.self, AccountNotice.self, SyncNotice.self])
}
