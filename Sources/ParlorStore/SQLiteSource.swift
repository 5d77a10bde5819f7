import AsyncKit
import Logging
import NIOCore
import SQLiteKit

/// sqlite-kit's connection source, with a sleeping busy timeout in place of SQLiteNIO's default
/// handler, which retries a locked database at once and forever, spinning a CPU.
struct SQLiteSource: ConnectionPoolSource {
    static let busyTimeoutMilliseconds = 10_000

    let base: SQLiteConnectionSource

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
                .map { _ in connection }
                .flatMapError { error in connection.close().flatMapThrowing { throw error } }
        }
    }
}
