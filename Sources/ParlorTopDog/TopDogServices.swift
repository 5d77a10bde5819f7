import Foundation
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents

/// TopDog's services, built once per node: what its routes, the real-time channel and its
/// background loop are handed.
///
/// ParlorTopDog: best ball tournaments on the BestBall rules — the player pool and its imports,
/// tournaments and entries, the cents ledger and payment provider, live snake draft rooms with
/// stored clocks, My Teams, exposure, scoring and prizes, and draft alerts.
package struct TopDogServices: Sendable {
    package let pool: PlayerPoolCache
    package let wallet: WalletService
    package let drafts: DraftService
    package let tournaments: TournamentService
    package let teams: TeamsService
    package let completion: TournamentCompletion
    package let database: Database

    package init(
        database: Database, bus: any EventBus, payments: any PaymentProvider, paymentTimeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date, logger: Logger,
        notifier: (any DraftAlertsHook)? = nil
    ) {
        let pool = PlayerPoolCache(database: database)
        let drafts = DraftService(database: database, pool: pool, bus: bus, now: now, logger: logger, notifier: notifier)
        self.database = database
        self.pool = pool
        self.drafts = drafts
        self.wallet = WalletService(database: database, provider: payments, providerTimeout: paymentTimeout, now: now, logger: logger)
        self.tournaments = TournamentService(database: database, drafts: drafts, now: now)
        self.teams = TeamsService(database: database, pool: pool)
        self.completion = TournamentCompletion(database: database, now: now)
    }
}
