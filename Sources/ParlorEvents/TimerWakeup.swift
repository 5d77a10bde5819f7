import ServiceLifecycle
import Synchronization

/// Lets a timer loop sleep until its next stored time, and be woken sooner when something may have
/// moved that time. A wake-up that comes while the loop is busy is kept for its next sleep, so
/// none is lost between reading the next time and going to sleep.
package final class TimerWakeup: Sendable {
    private struct State {
        var pending = false
        var sleeper: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    package init() {}

    /// Ends the current sleep, or the next one at once.
    package func wake() {
        let sleeper = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let sleeper = state.sleeper else {
                state.pending = true
                return nil
            }
            state.sleeper = nil
            return sleeper
        }
        sleeper?.resume()
    }

    /// Returns after `duration`, at a wake-up (at once for one that came meanwhile), or when the
    /// task is cancelled.
    package func sleep(for duration: Duration) async {
        let woken = state.withLock { state in
            defer { state.pending = false }
            return state.pending
        }
        guard !woken else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.waitForWake() }
            await group.next()
            group.cancelAll()
        }
    }

    /// A timer loop's pause between rounds: `interval`, then on until `due` (milliseconds on the
    /// clock of `now`; nil to go round at once) and `longestWait` in all at most, unless woken. A
    /// graceful shutdown ends it at once, so stopping never waits it out.
    package func pause(interval: Duration, until due: Int64?, now: () -> Int64, longestWait: Duration) async {
        try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        guard let due else { return }
        let rest = min(Duration.milliseconds(max(0, due - now())), longestWait - interval)
        guard rest > .zero else { return }
        await cancelWhenGracefulShutdown { await self.sleep(for: rest) }
    }

    private func waitForWake() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Under the lock, so a cancellation either finds the sleeper stored or is seen here.
                let now = state.withLock { state in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.sleeper = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                defer { state.sleeper = nil }
                return state.sleeper
            }
            sleeper?.resume()
        }
    }
}
