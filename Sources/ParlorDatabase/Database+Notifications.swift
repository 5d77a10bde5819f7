import Logging
import PostgresKit
import SQLKit
import Synchronization

/// PostgreSQL's LISTEN/NOTIFY, so that nodes sharing one database can tell each other of changes
/// without a message broker.
///
/// Delivery is at most once: a notice reaches the listeners connected when it is committed, and is
/// lost for a listener whose connection is down at that moment. Receivers must therefore be able to
/// catch up from stored state (Parlor's receivers compare sequence numbers and reload what they
/// missed). SQLite has a single node and no notifications: both calls throw there.
extension Database {
    /// PostgreSQL refuses a `NOTIFY` payload of 8,000 bytes or more (UTF-8).
    public static let maximumNotificationPayloadBytes = 7999

    /// The payload of every notification sent on `channel` from now on, in commit order, until the
    /// returned stream is dropped (or this database closes). See ``listen(channel:receive:)``.
    public func listen(channel: String) async throws -> AsyncStream<String> {
        let (payloads, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let listener = try await listen(channel: channel) { continuation.yield($0) }
        continuation.onTermination = { _ in listener.cancel() }
        Task {
            await listener.value
            continuation.finish()
        }
        return payloads
    }

    /// Calls `receive` with the payload of every notification sent on `channel` from now on, in
    /// commit order, on the listening task (so it must not wait), until the returned task is
    /// cancelled or this database closes; the task ends then.
    ///
    /// Returns once the `LISTEN` is in place, so a notification sent after this returns is received.
    /// The listener holds one pooled connection for itself. When that connection drops it listens
    /// again on a new one after a short backoff (100 ms, doubling up to 5 s); notifications sent
    /// while it reconnects are lost, and receivers recover them from stored state.
    ///
    /// Throws ``DatabaseError/unreachable(_:reason:)`` on SQLite, for a channel name PostgreSQL would
    /// not accept (1 to 63 bytes, no `"`), or when the first `LISTEN` fails.
    public func listen(channel: String, receive: @escaping @Sendable (String) -> Void) async throws -> Task<Void, Never> {
        let client = try notificationClient(for: "LISTEN")
        try checkChannel(channel)
        let start = ListenStart()
        let logger = self.logger
        let task = Task {
            await Self.keepListening(client: client, channel: channel, logger: logger, receive: receive, start: start)
        }
        try await withTaskCancellationHandler {
            try await start.wait()
        } onCancel: {
            task.cancel()
        }
        return task
    }

    /// Sends `payload` to every listener of `channel` (`SELECT pg_notify($1, $2)`).
    ///
    /// The payload must be shorter than ``maximumNotificationPayloadBytes`` + 1 bytes; PostgreSQL
    /// refuses a longer one with an error. Throws ``DatabaseError/unreachable(_:reason:)`` on SQLite
    /// and for a channel name PostgreSQL would not accept.
    public func notify(channel: String, payload: String) async throws {
        try await notify(channel: channel, payloads: [payload])
    }

    /// Sends each of `payloads` to every listener of `channel`, in order, by one statement and so in
    /// one transaction. PostgreSQL delivers identical payloads sent in one transaction only once.
    public func notify(channel: String, payloads: [String]) async throws {
        _ = try notificationClient(for: "NOTIFY")
        try checkChannel(channel)
        guard !payloads.isEmpty else { return }
        try await withConnection { sql in try await Self.notify(channel: channel, payloads: payloads, on: sql) }
    }

    /// Sends each of `payloads` on `channel` as part of whatever transaction `sql` is in: listeners
    /// hear them when, and only when, it commits. PostgreSQL only.
    public static func notify(channel: String, payloads: [String], on sql: any SQLDatabase) async throws {
        guard !payloads.isEmpty else { return }
        try await sql.raw(
            """
            SELECT pg_notify(\(bind: channel), sent.payload)
            FROM unnest(\(bind: payloads)::text[]) WITH ORDINALITY AS sent(payload, position) ORDER BY sent.position
            """
        ).run()
    }

    private func notificationClient(for command: String) throws -> PostgresClient {
        guard let client = postgresClient else {
            throw DatabaseError.unreachable(
                location.description,
                reason: "\(command) needs PostgreSQL; SQLite has no notifications (one node: deliver in process)")
        }
        return client
    }

    /// PostgresNIO writes the channel into `LISTEN "…"` as is, so the name must be a valid quoted
    /// identifier: this also keeps it from ending the quotes.
    private func checkChannel(_ channel: String) throws {
        let bytes = channel.utf8.count
        guard (1...63).contains(bytes), !channel.contains("\""), !channel.contains("\0") else {
            throw DatabaseError.unreachable(
                location.description, reason: "invalid notification channel '\(channel)': use 1 to 63 bytes without '\"'")
        }
    }

    private static let firstRelistenDelay = Duration.milliseconds(100)
    private static let longestRelistenDelay = Duration.seconds(5)

    /// Holds a connection listening on `channel` until cancelled, listening again after a drop.
    private static func keepListening(
        client: PostgresClient, channel: String, logger: Logger,
        receive: @Sendable (String) -> Void, start: ListenStart
    ) async {
        var delay = firstRelistenDelay
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        if !start.succeed() {
                            logger.info("listening again", metadata: ["channel": "\(channel)"])
                        }
                        delay = firstRelistenDelay
                        for try await notification in notifications {
                            receive(notification.payload)
                        }
                    }
                }
            } catch {
                // The first LISTEN's failure goes to the caller of `listen(channel:receive:)`.
                if start.fail(error) || Task.isCancelled || isPoolClosed(error) { break }
                logger.warning(
                    "LISTEN connection lost; listening again shortly",
                    metadata: ["channel": "\(channel)", "error": "\(describe(error))", "retryIn": "\(delay)"])
            }
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, longestRelistenDelay)
        }
        _ = start.fail(CancellationError())
    }

    /// The pool refuses leases for good once the database is closed; retrying would spin forever.
    /// (PostgresNIO throws `ConnectionPoolError.poolShutdown`, from a module it does not export.)
    private static func isPoolClosed(_ error: any Error) -> Bool {
        if let psql = error as? PSQLError, psql.code == .poolClosed { return true }
        return String(describing: error).contains("poolShutdown")
    }
}

/// The outcome of the first `LISTEN`, awaited by ``Database/listen(channel:receive:)``: set once, by the
/// listener task, possibly before anyone waits.
private final class ListenStart: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Void, any Error>)
        case done(Result<Void, any Error>)
    }

    private let state = Mutex(State.pending)

    /// Waits for the outcome; throws the first `LISTEN`'s error.
    func wait() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .done(let result):
                    return result
                case .waiting:
                    return .failure(CancellationError())
                }
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Records success; false when the outcome was already set (a later LISTEN).
    func succeed() -> Bool { settle(.success(())) }

    /// Records failure; false when the outcome was already set.
    func fail(_ error: any Error) -> Bool { settle(.failure(error)) }

    private func settle(_ result: Result<Void, any Error>) -> Bool {
        let (settled, waiter): (Bool, CheckedContinuation<Void, any Error>?) = state.withLock { state in
            switch state {
            case .pending:
                state = .done(result)
                return (true, nil)
            case .waiting(let continuation):
                state = .done(result)
                return (true, continuation)
            case .done:
                return (false, nil)
            }
        }
        waiter?.resume(with: result)
        return settled
    }
}
