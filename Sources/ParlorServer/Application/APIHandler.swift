import ParlorAPI
import ParlorStore

/// Implements the generated `APIProtocol`; each capability adds its operations in an extension
/// kept in its own folder.
struct APIHandler: APIProtocol {
    let database: Database
    let migrator: Migrator
    let accounts: AccountService
    let miniApps: MiniAppService
    let sync: SyncService
    let play: PlayService
}
