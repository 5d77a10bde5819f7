import PostgresKit

extension Database {
    /// Which of PostgreSQL's pools a statement runs on.
    public enum Lane: Sendable {
        /// The pool every other query shares.
        case shared
        /// A few connections of their own (``Database/expressConnections``) for short statements
        /// on a latency-critical path, such as appending moves: they never queue for a connection
        /// behind a burst of other work (sign-ins, presence, notifications) holding the shared pool.
        case express

        /// The pool of this lane.
        func pick(shared: PostgresClient, express: PostgresClient) -> PostgresClient {
            self == .express ? express : shared
        }
    }

    /// Runs `statement` as a named prepared statement, PostgreSQL only: each pooled connection
    /// parses and plans it once instead of on every call, which matters for a hot statement whose
    /// planning costs as much as its execution.
    ///
    /// Throws ``DatabaseError/unreachable(_:reason:)`` on SQLite.
    public func execute<Statement: PostgresPreparedStatement>(_ statement: Statement, lane: Lane = .shared) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        guard let client = postgresClient(lane), let uses = connectionUses else {
            throw DatabaseError.unreachable(location.description, reason: "prepared statements are only used on PostgreSQL")
        }
        let logger = self.logger
        // Leased here rather than by the client's own `execute`, so the guard can answer for it.
        return try await client.withConnection { connection in
            try await uses.run(on: connection) {
                var rows: [Statement.Row] = []
                for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                return rows
            }
        }
    }
}
