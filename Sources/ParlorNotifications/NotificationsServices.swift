import Foundation
import Logging
import ParlorDatabase
import ParlorPlay
import ParlorTopDog

/// ParlorNotifications: push over APNs. Devices register their tokens (alert or Live Activity)
/// and users choose what they want; the capabilities below raise notifications through their
/// hooks in the transaction of the change that causes them, into a durable outbox that the
/// sender of every node drains over HTTP/2 with token authentication.
///
/// Built once per node.
package struct NotificationsServices: Sendable {
    package let database: Database
    package let sender: PushSender
    package let games: GamePushes
    package let drafts: DraftPushes
    /// The apps devices may register for.
    package let bundleIDs: Set<String>
    let now: @Sendable () -> Date

    package init(database: Database, configuration: PushConfiguration, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.database = database
        self.bundleIDs = configuration.bundleIDs
        self.now = now
        self.sender = PushSender(
            database: database, transport: configuration.transport ?? LogOnlyPushTransport(logger: logger), configuration: configuration,
            now: now, logger: logger)
        self.games = GamePushes(products: configuration.products, now: now)
        self.drafts = DraftPushes(products: configuration.products)
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }
}
