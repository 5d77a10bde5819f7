import NIOCore

/// Runs a task's jobs on one event loop: a socket's jobs on the loop that owns the socket.
///
/// Swift concurrency already runs on the event loops (`ServerThreads`), but a task stays on
/// whichever loop last resumed it, often the database connection's. A socket's jobs then wrote
/// to a socket owned by the other loop, a hop between threads for every write and another to come
/// back. Preferring the socket's own loop lets a job's writes go straight to the socket.
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
