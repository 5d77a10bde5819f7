import SQLKit

/// One versioned, forward-only change to the schema.
///
/// A migration runs inside the migrator's transaction, so a failure leaves no trace. Write it with
/// SQLKit builders (or `sql.raw` branches on ``Database/Dialect``) so it runs on SQLite and PostgreSQL.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let apply: @Sendable (any SQLDatabase, Database.Dialect) async throws -> Void

    public init(
        _ version: Int,
        _ name: String,
        apply: @escaping @Sendable (any SQLDatabase, Database.Dialect) async throws -> Void
    ) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// What the database holds compared with what this build knows.
public struct MigrationStatus: Sendable, Equatable {
    public var applied: [Int]
    public var pending: [Int]
    /// Applied versions this build does not know: a newer Parlor migrated this database.
    public var unknown: [Int]

    public init(applied: [Int], pending: [Int], unknown: [Int]) {
        self.applied = applied
        self.pending = pending
        self.unknown = unknown
    }

    public var isCurrent: Bool { pending.isEmpty && unknown.isEmpty }
}
