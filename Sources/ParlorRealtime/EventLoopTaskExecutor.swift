import NIOCore
import Synchronization

/// Runs a task's jobs on one event loop: a socket's jobs on the loop that owns the socket.
///
/// Swift concurrency already runs on the event loops (`ServerThreads`), but a task stays on
/// whichever loop last resumed it (the database connection's, say), so a socket's jobs often
/// wrote to a socket owned by the other loop: a hop to it for every write and a hop back. Run on
/// the socket's own loop, a job writes straight to the socket, with no hop.
///
/// There is one executor per loop and it lives as long as the process, because the runtime keeps
/// no executor alive for the jobs it hands it: an actor's job, scheduled here by a socket's task,
/// may run after that socket and everything that owned it are gone. The loops it serves are the
/// server's shared ones, which also outlive every task (a loop that has shut down drops jobs).
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    private static let executors = Mutex<[ObjectIdentifier: EventLoopTaskExecutor]>([:])

    /// The executor of `eventLoop`, made on first use and kept from then on.
    static func on(_ eventLoop: any EventLoop) -> EventLoopTaskExecutor {
        executors.withLock { executors in
            if let executor = executors[ObjectIdentifier(eventLoop)] { return executor }
            let executor = EventLoopTaskExecutor(eventLoop)
            executors[ObjectIdentifier(eventLoop)] = executor
            return executor
        }
    }

    private init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
