import Foundation
import SQLKit
import SQLiteNIO

/// Applies ``Migration``s in version order and records each in `parlor_migrations`.
///
/// All pending migrations run in one transaction. On PostgreSQL that transaction first takes an
/// advisory lock, so nodes starting together against one database apply each migration once; the
/// others wait, then find nothing left to do. On SQLite `BEGIN IMMEDIATE` serialises the same way.
public struct Migrator: Sendable {
    public static let table = "parlor_migrations"
    /// Arbitrary, fixed key for `pg_advisory_xact_lock`: "parlor" in ASCII.
    static let advisoryLockKey: Int64 = 0x70_61_72_6C_6F_72

    public let migrations: [Migration]
    private let now: @Sendable () -> Date

    public init(migrations: [Migration], now: @escaping @Sendable () -> Date = Date.init) {
        let versions = migrations.map(\.version)
        precondition(Set(versions).count == versions.count, "duplicate migration version")
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.now = now
    }

    /// Applies every pending migration; returns the versions applied by this call.
    ///
    /// On SQLite a node that waited out the busy timeout behind another node's migration (a slow
    /// machine, many nodes starting at once) tries again, for up to five minutes: the other node
    /// is making progress, and the versions it applied are then found applied.
    @discardableResult
    public func migrate(_ database: Database) async throws -> [Int] {
        let deadline = ContinuousClock.now + .seconds(300)
        while true {
            do {
                return try await migrateOnce(database)
            } catch let error as SQLiteError where database.dialect == .sqlite && [.busy, .locked].contains(error.reason) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func migrateOnce(_ database: Database) async throws -> [Int] {
        let dialect = database.dialect
        return try await database.transaction { [migrations, now] sql in
            if dialect == .postgres {
                try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: Self.advisoryLockKey))").run()
            }
            try await sql.create(table: Self.table).ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .column("applied_at_ms", type: .bigint, .notNull)
                .run()
            let applied = Set(try await Self.appliedVersions(sql))
            let unknown = applied.subtracting(migrations.map(\.version))
            guard unknown.isEmpty else { throw DatabaseError.databaseNewerThanBuild(unknownVersions: unknown.sorted()) }

            var appliedNow: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                do {
                    try await migration.apply(sql, dialect)
                } catch {
                    throw DatabaseError.migrationFailed(version: migration.version, name: migration.name, reason: Database.describe(error))
                }
                try await sql.insert(into: Self.table)
                    .columns("version", "name", "applied_at_ms")
                    .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(now().millisecondsSince1970))
                    .run()
                appliedNow.append(migration.version)
            }
            return appliedNow
        }
    }

    /// Compares the database with this build without changing anything.
    public func status(_ database: Database) async throws -> MigrationStatus {
        let dialect = database.dialect
        let applied = try await database.withConnection { sql in
            guard try await Self.tableExists(sql, dialect: dialect) else { return [Int]() }
            return try await Self.appliedVersions(sql)
        }
        let known = migrations.map(\.version)
        return MigrationStatus(
            applied: applied.sorted(),
            pending: known.filter { !applied.contains($0) },
            unknown: applied.filter { !known.contains($0) }.sorted()
        )
    }

    private static func appliedVersions(_ sql: any SQLDatabase) async throws -> [Int] {
        try await sql.select().column("version").from(table).all().map { try $0.decode(column: "version", as: Int.self) }
    }

    private static func tableExists(_ sql: any SQLDatabase, dialect: Database.Dialect) async throws -> Bool {
        let query: SQLQueryString =
            switch dialect {
            case .sqlite: "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = \(bind: table)"
            case .postgres: "SELECT 1 AS found FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = \(bind: table)"
            }
        return try await sql.raw(query).first() != nil
    }
}

extension Date {
    /// Parlor stores instants as BIGINT milliseconds since 1970 on both databases.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
