import NIOCore

/// Runs a task's jobs on one event loop: a socket's jobs on the loop that owns the socket.
///
/// Swift concurrency already runs on the event loops (`ServerThreads`), but a task stays on
/// whichever loop last resumed it (the database connection's, say), so a socket's jobs often
/// wrote to a socket owned by the other loop: a hop to it for every write and a hop back. Run on
/// the socket's own loop, a job writes straight to the socket; at 1,000 games the server resumed
/// about half as many tasks per move. A loop that has shut down drops what it is given, so this
/// is only for loops that outlive the tasks, as the server's shared ones do.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
