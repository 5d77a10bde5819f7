import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Test work that only computes (thousands of random games, brute-force oracles) runs on threads
/// of its own at a lower CPU priority, not on Swift's shared thread pool.
///
/// The pool has one thread per core (two here). A computing test holds its thread between
/// suspension points, and even one that yields goes back in line in front of every waiting task,
/// so a dozen such tests made each network hop of the tests beside them wait seconds: those timed
/// out at random. On these threads the kernel shares the cores instead, and gives the I/O tests,
/// at normal priority, most of them when they want them.
public struct CPUBoundTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(BackgroundThreads.shared) { try await function() }
    }
}

extension Trait where Self == CPUBoundTrait {
    /// Runs the suite's (or test's) body on ``BackgroundThreads``.
    public static var cpuBound: Self { CPUBoundTrait() }
}

/// A task executor of two threads at nice 10, taking jobs in order.
public final class BackgroundThreads: TaskExecutor, @unchecked Sendable {
    public static let shared = BackgroundThreads(threads: 2)

    /// Guards `jobs`; signalled when one is added.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in
                #if os(Linux)
                // On Linux a nice value belongs to the calling thread (who 0), not the process.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                #endif
                work()
            }
            thread.name = "cpu-bound-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
