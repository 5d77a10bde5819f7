import NIOCore
import NIOPosix
import Testing

@testable import ParlorRealtime

/// A socket's jobs run on the socket's own event loop, whoever resumes them.
@Suite("Event loop task executor")
struct EventLoopTaskExecutorTests {
    @Test func aTaskPreferringALoopComesBackToItAfterEveryAwait() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let home = group.next()
        let other = group.next()
        #expect(ObjectIdentifier(home) != ObjectIdentifier(other))
        let rounds = await Task(executorPreference: EventLoopTaskExecutor(home)) {
            var onHome = 0
            for _ in 0..<50 {
                // Resumed by the other loop, as a job is by the database connection's.
                try? await other.submit {}.get()
                if home.inEventLoop { onHome += 1 }
                await Task.yield()
                if home.inEventLoop { onHome += 1 }
            }
            return onHome
        }.value
        #expect(rounds == 100)
        try await group.shutdownGracefully()
    }
}
