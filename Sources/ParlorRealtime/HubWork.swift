import NIOCore
import Synchronization

/// The tasks a hub's sockets start (running a connection's jobs, checking a token, releasing a
/// closed connection's subscriptions), counted so that shutdown can wait for them.
///
/// A socket holds no task of its own while idle, so nothing else would keep the server from
/// finishing, and the database from closing, under a job still at work. Once ``waitUntilIdle()``
/// returns, the work is closed: nothing more starts.
final class HubWork: Sendable {
    private struct State {
        var running = 0
        var closed = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `operation` on a task of its own, on `executor` when given; nil, and nothing runs,
    /// once the work is closed.
    @discardableResult
    func start(on executor: (any TaskExecutor)? = nil, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        let admitted = state.withLock { state in
            guard !state.closed else { return false }
            state.running += 1
            return true
        }
        guard admitted else { return nil }
        return Task(executorPreference: executor) {
            await operation()
            self.finished()
        }
    }

    /// `operation`'s result on `eventLoop`; a `CancellationError` once the work is closed.
    func future<Value: Sendable>(on eventLoop: any EventLoop, _ operation: @escaping @Sendable () async throws -> Value) -> EventLoopFuture<Value> {
        let promise = eventLoop.makePromise(of: Value.self)
        let started = start {
            do { promise.succeed(try await operation()) } catch { promise.fail(error) }
        }
        if started == nil { promise.fail(CancellationError()) }
        return promise.futureResult
    }

    private func finished() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0, !state.waiters.isEmpty else { return [] }
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until no task runs, then closes the work.
    func waitUntilIdle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                guard state.running > 0 else {
                    state.closed = true
                    return true
                }
                state.waiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    var running: Int { state.withLock { $0.running } }
}
