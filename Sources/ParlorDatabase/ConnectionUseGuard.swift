import Logging
import PostgresNIO
import Synchronization

/// Answers the uses of a PostgreSQL connection that PostgresNIO would leave waiting forever.
///
/// PostgresNIO hands each statement to its connection's channel without asking whether the write
/// happened (`channel.write(task, promise: nil)`). A statement written just after the connection
/// closed (PostgreSQL restarted, or terminated the backend) finds the channel without its
/// handlers, is dropped, and its caller waits for an answer that never comes. That caller may be
/// a move batch, a request, a socket's job, and a node's stop waits for all of them. (PostgresNIO
/// does not guard against this: its fix, #487, was reverted by #501.)
///
/// So a connection's use runs on a task of its own and its caller waits for this guard's answer:
/// the use's own result, or, once its connection has been closed for `grace`, an error (and the
/// use is cancelled; a dropped statement's task stays suspended, and that is all it holds). A
/// statement that reached its handler on a closing connection fails at once, well within the
/// grace. The guard looks at the connections in use once a `round` (``watch()``), so a use costs
/// no timer of its own.
final class ConnectionUseGuard: Sendable {
    private struct Use {
        let connection: PostgresConnection
        let abandon: @Sendable () -> Void
        var closedSince: ContinuousClock.Instant?
    }

    private struct State {
        var uses: [UInt64: Use] = [:]
        var next: UInt64 = 0
    }

    let grace: Duration
    let round: Duration
    private let location: String
    private let logger: Logger
    private let state = Mutex(State())

    init(location: String, logger: Logger, grace: Duration = .seconds(2), round: Duration = .seconds(1)) {
        self.location = location
        self.logger = logger
        self.grace = grace
        self.round = round
    }

    /// `body`'s result, or an error once `connection` has been closed for longer than the grace.
    func run<Result: Sendable>(on connection: PostgresConnection, _ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        guard !connection.isClosed else { throw closed() }
        let answer = Answer<Result>()
        let work = Task {
            do { answer.settle(.success(try await body())) } catch { answer.settle(.failure(error)) }
        }
        let closedError = closed()
        let id = state.withLock { state in
            state.next &+= 1
            state.uses[state.next] = Use(connection: connection, abandon: {
                answer.settle(.failure(closedError))
                work.cancel()
            })
            return state.next
        }
        defer { _ = state.withLock { $0.uses.removeValue(forKey: id) } }
        return try await withTaskCancellationHandler {
            try await answer.value()
        } onCancel: {
            work.cancel()
        }
    }

    /// Looks at the connections in use once a round, until cancelled.
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: round)
            sweep(at: .now)
        }
    }

    /// Answers every use whose connection has been closed for the grace; returns how many.
    @discardableResult
    func sweep(at now: ContinuousClock.Instant) -> Int {
        let abandoned = state.withLock { state -> [@Sendable () -> Void] in
            var due: [@Sendable () -> Void] = []
            for (id, use) in state.uses where use.connection.isClosed {
                guard let since = use.closedSince else {
                    state.uses[id]?.closedSince = now
                    continue
                }
                if now - since >= grace {
                    due.append(use.abandon)
                    state.uses[id] = nil
                }
            }
            return due
        }
        guard !abandoned.isEmpty else { return 0 }
        logger.warning(
            "gave up on statements their closed connection left unanswered",
            metadata: ["count": "\(abandoned.count)", "grace": "\(grace)"])
        for abandon in abandoned { abandon() }
        return abandoned.count
    }

    /// Uses waiting now (for tests and reports).
    var inUse: Int { state.withLock { $0.uses.count } }

    private func closed() -> DatabaseError {
        .unreachable(location, reason: "the connection closed before answering")
    }
}

/// A result settled once, by whichever comes first; awaited by one caller.
private final class Answer<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, any Error>)
        case settled(Result<Value, any Error>)
        case taken
    }

    private let state = Mutex(State.pending)

    func settle(_ result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state {
            case .pending:
                state = .settled(result)
                return nil
            case .waiting(let continuation):
                state = .taken
                return continuation
            case .settled, .taken:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .settled(let result):
                    state = .taken
                    return result
                case .waiting, .taken:
                    return .failure(CancellationError())
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
