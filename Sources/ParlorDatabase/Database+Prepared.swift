import PostgresKit

extension Database {
    /// Runs `statement` as a named prepared statement, PostgreSQL only: each pooled connection
    /// parses and plans it once instead of on every call, which matters for a hot statement whose
    /// planning costs as much as its execution.
    ///
    /// Throws ``DatabaseError/unreachable(_:reason:)`` on SQLite.
    public func execute<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] {
        guard let client = postgresClient else {
            throw DatabaseError.unreachable(location.description, reason: "prepared statements are only used on PostgreSQL")
        }
        var rows: [Statement.Row] = []
        for try await row in try await client.execute(statement, logger: logger) { rows.append(row) }
        return rows
    }
}
