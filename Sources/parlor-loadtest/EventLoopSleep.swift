import NIOCore
import NIOPosix
import Synchronization

/// The load generator's pauses (a bot's think time, an echo socket's pause, the bots' tick),
/// timed by an event loop rather than by `Task.sleep`.
///
/// On Linux `Task.sleep` arms a Dispatch timer, which wakes a Dispatch thread that hands the task
/// back to an event loop: with a think time, a timer and two thread hops per move, CPU taken from
/// the server it measures on the same cores. An event loop's own timer wakes the loop that runs
/// the task already (the generator runs Swift concurrency on the event loops), so a sleep costs
/// no thread at all.
enum EventLoopSleep {
    /// Sleeps for `duration` on the calling task's event loop; throws `CancellationError` as soon
    /// as the task is cancelled, as `Task.sleep` does.
    static func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let scheduled = Mutex<Scheduled<Void>?>(nil)
        try await withTaskCancellationHandler {
            let timer = loop.scheduleTask(in: .nanoseconds(max(0, nanoseconds))) {}
            scheduled.withLock { $0 = timer }
            // A cancellation that came before the timer was stored found nothing to cancel.
            if Task.isCancelled { timer.cancel() }
            do {
                try await timer.futureResult.get()
            } catch EventLoopError.cancelled {
                throw CancellationError()
            }
        } onCancel: {
            scheduled.withLock { $0 }?.cancel()
        }
    }
}
