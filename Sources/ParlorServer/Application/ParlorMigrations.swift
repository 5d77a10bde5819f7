import ParlorAccounts
import ParlorConsole
import ParlorDatabase
import ParlorMiniApps
import ParlorNotifications
import ParlorPurchases
import ParlorPlay
import ParlorSocial
import ParlorSync
import ParlorTopDog

/// Every migration this build knows, in version order: the database layer's own, then each capability's,
/// which it keeps beside its own store. A new capability appends its list here.
public enum ParlorMigrations {
    public static let all: [Migration] =
        DatabaseMigrations.all
        + [AccountsMigrations.accounts, MiniAppsMigrations.miniApps, SyncMigrations.events]
        + [PlayMigrations.play, PlayMigrations.releaseStrandedClaims, PlayMigrations.nodePresence]
        + [AccountsMigrations.slidingRateLimits, PlayMigrations.snakeCaseSettings]
        + [TopDogMigrations.topDog, PlayMigrations.userSockets, AccountsMigrations.usernamePrefix, SocialMigrations.social]
        + [NotificationsMigrations.push, PurchasesMigrations.purchases, PlayMigrations.turnWake]
        + [PlayMigrations.movesKey, TopDogMigrations.providerAsks, PlayMigrations.gameType]
        + [AccountsMigrations.mail, AccountsMigrations.appleTokens, NotificationsMigrations.products, SyncMigrations.clears]
        + [AccountsMigrations.staff, PlayMigrations.waitingExpiry, PlayMigrations.chat, AccountsMigrations.moderation]
        + [TopDogMigrations.operations, PlayMigrations.adminReads, PurchasesMigrations.notificationSubject]
        + [ConsoleMigrations.console]
}

extension Migrator {
    /// The migrator of this build: every capability's migrations.
    public static var parlor: Migrator { Migrator(migrations: ParlorMigrations.all) }
}
