import Foundation
import GameCore
import Logging
import ParlorDatabase
import ServiceLifecycle
import Synchronization

/// The many-node event bus: each notice is a `NOTIFY` on `parlor_games`, and every node (the
/// publisher included) hears it through its own `LISTEN` and hands it to its local subscribers.
///
/// Every node hears notices in the order their notifications were committed, with one exception:
/// the notices this node writes with a change (``EventBus/transaction(on:_:)``, ``NoticeRide``)
/// reach its own subscribers from the writer as the commit returns (``committed(_:_:)``), and their
/// notifications, when they come back, are dropped (``OwnNoticeLedger``; receivers render by
/// sequence number or reload, so no order between copies matters).
/// Delivery is at most once: notices sent while a node's listening connection reconnects are
/// lost, and receivers recover by sequence numbers.
/// Start it with ``run()`` (a ServiceLifecycle `Service`); it stops on cancellation or graceful
/// shutdown, and then ends every stream that ``notices()`` handed out.
package final class PostgresEventBus: EventBus, Service {
    package static let channel = "parlor_games"

    private let database: Database
    private let catalog: NoticeCatalog
    private let logger: Logger
    package let receivers = NoticeReceivers()
    private let ownNotices = Mutex(OwnNoticeLedger())
    /// Notices published meanwhile go out together, so a burst of joins, starts and presence
    /// changes takes a connection or two rather than one each, and moves do not queue behind them.
    private let sender: NaturalBatcher<String, Void>

    package init(database: Database, catalog: NoticeCatalog, logger: Logger) {
        self.database = database
        self.catalog = catalog
        self.logger = logger
        sender = NaturalBatcher(
            maxInFlight: 2, maxBatch: 64,
            // Identical payloads in one transaction would reach listeners once, the first in its
            // place: a notice repeated after another (joined, left, joined) must go in a later batch.
            compatible: { payload, batch in !batch.contains(payload) },
            // One right behind its twin needs no notice of its own (a thousand sockets of one user
            // closing at once): both are heard after both publishers' changes.
            coalesces: { payload, last in payload == last },
            run: { payloads in await Self.send(payloads, on: database) })
    }

    /// One statement for the batch; when it fails, each payload alone, so that only a bad one fails.
    private static func send(_ payloads: [String], on database: Database) async -> [Result<Void, any Error>] {
        await NaturalBatcher<String, Void>.together(payloads) { payloads in
            try await database.notify(channel: channel, payloads: payloads)
            return payloads.map { _ in () }
        }
    }

    package func publish(_ notice: Notice) async {
        guard let payload = NoticePayload.payload(for: notice, logger: logger) else { return }
        do {
            try await sender.submit(payload)
        } catch {
            logger.error(
                "could not publish a notice", metadata: ["subject": "\(notice.subject)", "kind": "\(notice.kind)", "error": "\(error)"])
        }
    }

    package func notification(for notice: Notice) -> DatabaseNotification? {
        NoticePayload.payload(for: notice, logger: logger).map { DatabaseNotification(channel: Self.channel, payload: $0) }
    }

    package func writing(_ notification: DatabaseNotification) {
        ownNotices.withLock { $0.writing(notification.payload) }
    }

    package func committed(_ notification: DatabaseNotification, _ notice: Notice) {
        ownNotices.withLock { $0.committed(notification.payload) }
        receivers.deliver(notice)
    }

    package func notWritten(_ notification: DatabaseNotification, _ notice: Notice) {
        // An echo held for this write came from elsewhere (or the commit's answer was lost): it is heard now.
        if ownNotices.withLock({ $0.notWritten(notification.payload) }) { receivers.deliver(notice) }
    }

    /// Listens until cancelled or asked to shut down gracefully, then ends every subscriber stream.
    package func run() async throws {
        try await run(whenListening: {})
    }

    /// ``run()``, calling `whenListening` once the `LISTEN` is in place: from then on every notice
    /// published on any node reaches this node's subscribers.
    package func run(whenListening: @Sendable () -> Void) async throws {
        defer { receivers.stop() }
        // Decoded and delivered on the listening task itself: no stream between it and the receivers.
        let listener: Task<Void, Never>
        do {
            listener = try await database.listen(channel: Self.channel) { [self] payload in deliver(payload) }
        } catch {
            if Task.isCancelled { return }
            throw error
        }
        whenListening()
        await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler { await listener.value } onCancel: { listener.cancel() }
        }
    }

    private func deliver(_ payload: String) {
        let notice: Notice
        do {
            notice = try catalog.notice(from: payload)
        } catch {
            // A newer node may send kinds this build does not know; they are not for us.
            logger.warning("ignored an unreadable notice", metadata: ["payload": "\(payload.prefix(200))", "error": "\(error)"])
            return
        }
        guard ownNotices.withLock({ $0.heard(payload) }) else { return }
        receivers.deliver(notice)
    }
}

/// A notice as the text of a `NOTIFY`.
package enum NoticePayload {
    /// The payload for `notice`: its compact form or JSON, below PostgreSQL's 8,000-byte limit.
    /// One over it is replaced by the smaller notice its type offers (``BusNotice/fitted(within:size:)``),
    /// with a log; one that cannot be made to fit is dropped with an error log (nil).
    package static func payload(for notice: Notice, logger: Logger) -> String? {
        fitting(notice.value, logger: logger)
    }

    private static func fitting<Value: BusNotice>(_ value: Value, logger: Logger) -> String? {
        let limit = Database.maximumNotificationPayloadBytes
        let metadata: Logger.Metadata = ["subject": "\(Notice(value).subject)", "kind": "\(value.kind)"]
        guard let full = encoded(value) else {
            logger.error("could not encode a notice", metadata: metadata)
            return nil
        }
        if full.utf8.count <= limit { return full }
        guard let smaller = value.fitted(within: limit, size: { encoded($0)?.utf8.count }), let fitted = encoded(smaller), fitted.utf8.count <= limit
        else {
            logger.error("dropped a notice too long to send", metadata: metadata.merging(["bytes": "\(full.utf8.count)"]) { $1 })
            return nil
        }
        logger.warning("sent a smaller notice to fit a NOTIFY payload", metadata: metadata.merging(["bytes": "\(full.utf8.count)"]) { $1 })
        return fitted
    }

    /// A notice's text: its compact form, or its JSON.
    package static func encoded<Value: BusNotice>(_ value: Value) -> String? {
        if let compact = value.compactPayload { return compact }
        guard let bytes = try? DirectJSONEncoder().encodeOrFallback(value) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
