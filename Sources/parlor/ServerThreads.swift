import NIOCore
import NIOPosix

/// Where a server command's Swift concurrency runs.
enum ServerThreads {
    /// Runs Swift concurrency on NIO's event loops from here on: a socket's reads, the game service
    /// and the socket's writes then share threads instead of handing every frame between the loops
    /// and Dispatch's pool, a thread switch each way.
    /// Only the server commands do this: the interactive ones block on the terminal, which must
    /// never happen on an event loop. The server's blocking work (bcrypt, SQLite) already runs on
    /// thread pools of its own. Call it first, once per process.
    static func runConcurrencyOnEventLoops() {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
