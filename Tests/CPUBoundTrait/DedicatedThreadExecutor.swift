import Foundation

/// A task executor with one operating-system thread of its own.
///
/// Swift's shared pool has one thread per core, and a task only gives its thread up at an
/// `await`. A test that computes for seconds between awaits therefore stalls every other test's
/// tasks, and a test with timeouts (heartbeats, `eventually`) fails for want of a thread. On a
/// thread of its own, such a test is preempted by the kernel like any other, and the shared pool
/// stays free.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `condition` guards `jobs` and `stopped`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    public init() {
        Thread { [self] in runJobs() }.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        // A job can still arrive once its test is over (an unstructured task that kept the
        // preference); the shared pool runs it rather than nobody.
        guard !stopped else { return globalConcurrentExecutor.enqueue(job) }
        jobs.append(job)
        condition.signal()
    }

    /// Lets the thread end once it has run every job already enqueued.
    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while let batch = nextJobs() {
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// The jobs waiting, after waiting for one; nil once stopped and drained.
    private func nextJobs() -> [UnownedJob]? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !stopped { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        defer { jobs = [] }
        return jobs
    }
}
