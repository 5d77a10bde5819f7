import NIOCore
import NIOPosix
import Testing

@testable import ParlorRealtime

/// A socket's jobs run on the socket's own event loop, whoever resumes them.
@Suite("Event loop task executor")
struct EventLoopTaskExecutorTests {
    @Test func aTaskPreferringALoopComesBackToItAfterEveryAwait() async throws {
        // The server's loops: an executor is kept for good, so it is only for loops that never end.
        let group = MultiThreadedEventLoopGroup.singleton
        let home = group.next()
        let other = group.next()
        #expect(ObjectIdentifier(home) != ObjectIdentifier(other))
        let rounds = await Task(executorPreference: EventLoopTaskExecutor.on(home)) {
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
    }

    /// One executor per loop, kept: an actor's job it was handed may run after the socket is gone.
    @Test func eachLoopHasOneExecutorForGood() {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        #expect(EventLoopTaskExecutor.on(loop) === EventLoopTaskExecutor.on(loop))
        #expect(EventLoopTaskExecutor.on(loop).eventLoop === loop)
    }
}
