/// Carries every capability's notices to every node, this one included.
///
/// With SQLite there is one node and ``LocalEventBus`` hands notices over in process. With
/// PostgreSQL, ``PostgresEventBus`` sends each as a `NOTIFY` and every node's listener receives
/// it, so a client on node A hears of a move submitted through node B. A change and its notices
/// are written together with ``EventBus/transaction(on:_:)`` (or, for a write of its own kind, a
/// ``NoticeRide``), so a notice goes out when, and only when, its change commits.
package protocol EventBus: Sendable {
    /// Sends `notice` to every subscriber on every node.
    func publish(_ notice: Notice) async
    /// This node's subscribers, which every notice reaches.
    var receivers: NoticeReceivers { get }
    /// `notice` as a notification a database write can send itself; nil when this bus does not
    /// ride on the database (the notice is then published after the commit).
    func notification(for notice: Notice) -> DatabaseNotification?

    /// A write that sends `notification` is about to run; exactly one of ``committed(_:_:)`` or
    /// ``notWritten(_:_:)`` follows.
    func writing(_ notification: DatabaseNotification)
    /// That write committed: this node's subscribers hear `notice` now, without waiting for the
    /// notification to come back, and hear it once.
    func committed(_ notification: DatabaseNotification, _ notice: Notice)
    /// That write did not commit.
    func notWritten(_ notification: DatabaseNotification, _ notice: Notice)
}

extension EventBus {
    package func notification(for notice: Notice) -> DatabaseNotification? { nil }

    // A bus that sends no notifications is never told of writes that carry them.
    package func writing(_ notification: DatabaseNotification) {}
    package func committed(_ notification: DatabaseNotification, _ notice: Notice) {}
    package func notWritten(_ notification: DatabaseNotification, _ notice: Notice) {}

    /// Sends one capability's notice.
    package func publish(_ notice: some BusNotice) async {
        await publish(Notice(notice))
    }

    /// Calls `receive` with every notice published from now on, on any node, until the
    /// subscription is cancelled. It runs on the task that delivers the notice, so it must not
    /// wait (see ``NoticeReceivers``).
    package func subscribe(_ receive: @escaping NoticeReceivers.Receive) -> NoticeSubscription {
        receivers.add(receive)
    }

    /// Every notice published from now on, on any node, until the stream is dropped or the bus stops.
    package func notices() -> AsyncStream<Notice> {
        let (stream, continuation) = AsyncStream<Notice>.makeStream(bufferingPolicy: .unbounded)
        let subscription = receivers.add({ continuation.yield($0) }, end: { continuation.finish() })
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}

/// A PostgreSQL `NOTIFY`: the channel every node listens on, and the notice as its payload.
package struct DatabaseNotification: Sendable, Equatable {
    package var channel: String
    package var payload: String
}
