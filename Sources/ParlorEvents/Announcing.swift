import ParlorDatabase
import SQLKit
import Synchronization

/// A notice whose notification rides on a write about to run, for a write the bus does not make
/// itself (the move log's batched statement sends ``notification`` in its own SQL).
///
/// Make it before the write, then call exactly one of ``committed()`` or ``notWritten()``.
package struct NoticeRide: Sendable {
    package let notice: Notice
    /// What the write must send; nil on a bus that does not ride on the database.
    package let notification: DatabaseNotification?
    private let bus: any EventBus

    package init(_ notice: Notice, on bus: any EventBus) {
        self.notice = notice
        self.bus = bus
        notification = bus.notification(for: notice)
        if let notification { bus.writing(notification) }
    }

    /// The write committed: this node hears the notice now, other nodes by its notification (or,
    /// on a bus that does not ride on the database, every subscriber now).
    package func committed() async {
        if let notification { bus.committed(notification, notice) } else { await bus.publish(notice) }
    }

    /// The write did not commit: the notice is not sent.
    package func notWritten() {
        if let notification { bus.notWritten(notification, notice) }
    }
}

/// The notices a transaction announces (``EventBus/transaction(on:_:)``).
package final class Announcements: Sendable {
    private let notices = Mutex<[Notice]>([])

    init() {}

    package func announce(_ notice: some BusNotice) {
        notices.withLock { $0.append(Notice(notice)) }
    }

    package func announce(_ notices: [Notice]) {
        self.notices.withLock { $0 += notices }
    }

    fileprivate func take() -> [Notice] {
        notices.withLock { notices in
            defer { notices = [] }
            return notices
        }
    }
}

extension EventBus {
    /// Runs `body` in one transaction and announces what it announced when, and only when, the
    /// transaction commits: on PostgreSQL the notifications are sent by the transaction itself
    /// (so no node hears of a change that was rolled back, and none misses one that committed),
    /// and this node's subscribers hear them as the commit returns, without waiting for the
    /// round trip. Every write that other nodes must hear of goes through here or a ``NoticeRide``.
    ///
    /// `committed` runs after the commit and before anyone hears: what this node keeps of the
    /// change (a cached copy) is in place when its subscribers render the notices.
    package func transaction<Result: Sendable>(
        on database: Database, _ body: @escaping @Sendable (any SQLDatabase, Announcements) async throws -> Result,
        committed: (Result) -> Void = { _ in }
    ) async throws -> Result {
        let announcements = Announcements()
        let rides = Mutex<[NoticeRide]>([])
        do {
            let result = try await database.transaction { sql in
                let result = try await body(sql, announcements)
                // PostgreSQL sends identical payloads of one transaction once: so does every bus.
                var notices: [Notice] = []
                for notice in announcements.take() where !notices.contains(notice) { notices.append(notice) }
                let made = notices.map { NoticeRide($0, on: self) }
                rides.withLock { $0 = made }
                let payloads = made.compactMap(\.notification?.payload)
                if let channel = made.lazy.compactMap(\.notification?.channel).first {
                    try await Database.notify(channel: channel, payloads: payloads, on: sql)
                }
                return result
            }
            committed(result)
            for ride in rides.withLock({ $0 }) { await ride.committed() }
            return result
        } catch {
            for ride in rides.withLock({ $0 }) { ride.notWritten() }
            throw error
        }
    }
}
