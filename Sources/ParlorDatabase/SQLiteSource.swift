import AsyncKit
import Logging
import NIOCore
import SQLiteKit

/// sqlite-kit's connection source, with a sleeping busy timeout in place of SQLiteNIO's default
/// handler, which retries a locked database at once and forever, spinning a CPU.
struct SQLiteSource: ConnectionPoolSource {
    /// How long a writer waits for another process's write lock (say, `parlor migrate` against a
    /// running server). A whole migration can hold it for over 10 s on a starved machine: in one
    /// CI run a waiting migrator gave up at 10 s while the first was still migrating.
    static let busyTimeoutMilliseconds = 30_000

    let base: SQLiteConnectionSource

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
                .map { _ in connection }
                .flatMapError { error in connection.close().flatMapThrowing { throw error } }
        }
    }
}
