import ParlorAccounts

/// Carries game notices to every node, this one included.
///
/// With SQLite there is one node and ``LocalGameEventBus`` hands notices over in process. With
/// PostgreSQL, ``PostgresGameEventBus`` sends each as a `NOTIFY` and every node's listener
/// receives it, so a client on node A hears of a move submitted through node B.
package protocol GameEventBus: Sendable {
    /// Sends `notice` to every subscriber on every node.
    func publish(_ notice: GameNotice) async
    /// This node's subscribers, which every notice reaches.
    var receivers: GameNoticeReceivers { get }
    /// `notice` as a notification a database write can send itself, so that it goes out when,
    /// and only when, the write commits; nil when this bus does not ride on the database (the
    /// writer then calls ``publish(_:)`` after committing).
    func notification(for notice: GameNotice) -> DatabaseNotification?

    /// A move whose notification (``notification(for:)``) rides on a write that is about to run.
    /// Then exactly one of ``committed(_:)`` or ``notWritten(_:)`` follows.
    func writing(_ move: GameNotice)
    /// The write of `move` committed: this node's subscribers hear it now, without waiting for
    /// the notification to come back, and hear it once.
    func committed(_ move: GameNotice)
    /// The write of `move` did not commit.
    func notWritten(_ move: GameNotice)
}

extension GameEventBus {
    package func notification(for notice: GameNotice) -> DatabaseNotification? { nil }

    // A bus that sends no notifications is never told of writes that carry them.
    package func writing(_ move: GameNotice) {}
    package func committed(_ move: GameNotice) {}
    package func notWritten(_ move: GameNotice) {}

    /// Calls `receive` with every notice published from now on, on any node, until the
    /// subscription is cancelled. It runs on the task that delivers the notice, so it must not
    /// wait (see ``GameNoticeReceivers``).
    package func subscribe(_ receive: @escaping GameNoticeReceivers.Receive) -> GameNoticeSubscription {
        receivers.add(receive)
    }

    /// Every notice published from now on, on any node, until the stream is dropped or the bus stops.
    package func notices() -> AsyncStream<GameNotice> {
        let (stream, continuation) = AsyncStream<GameNotice>.makeStream(bufferingPolicy: .unbounded)
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
