import CPUBoundTrait
import Foundation
import Testing

/// The thread a job runs on, comparable across jobs.
private func currentThread() -> pthread_t { pthread_self() }

@Suite struct CPUBoundTraitTests {
    /// A `.cpuBound` test keeps one thread through its awaits, and the shared pool's jobs never run on it.
    @Test(.cpuBound) func aCPUBoundTestHasAThreadThePoolNeverUses() async throws {
        let own = currentThread()
        var poolThreads: [pthread_t] = []
        for _ in 0..<50 {
            poolThreads.append(await Task.detached { currentThread() }.value)
            try await Task.sleep(for: .microseconds(100))
            #expect(pthread_equal(currentThread(), own) != 0)
        }
        // A child task inherits the thread; the shared pool's tasks are elsewhere.
        #expect(await withTaskGroup(of: Bool.self) { group in
            group.addTask { pthread_equal(currentThread(), own) != 0 }
            return await group.next() ?? false
        })
        #expect(poolThreads.allSatisfy { pthread_equal($0, own) == 0 })
    }
}
