import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

extension DatabaseLocation.PostgresTarget {
    /// Connects once, outside any pool, so that a refused connection, a bad password or a missing
    /// database is reported with its cause instead of being retried.
    func probe(timeout: Duration, logger: Logger) async throws {
        let location = DatabaseLocation.postgres(self).description
        do {
            let tls: PostgresConnection.Configuration.TLS =
                switch tlsMode {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls
            )
            configuration.options.connectTimeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000)
            let settled = configuration
            let connection = try await withTimeout(timeout) {
                try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: settled, id: 0, logger: logger
                )
            }
            try await connection.close()
        } catch {
            throw DatabaseError.unreachable(location, reason: Database.describe(error))
        }
    }
}
