import Foundation
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

@Suite struct MigratorTests {
    static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)
    static let versions = ParlorMigrations.all.map(\.version)

    @Test(arguments: TestDatabaseKind.available)
    func appliesEveryMigrationOnceAndRecordsIt(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase { database in
            let migrator = Migrator(migrations: ParlorMigrations.all, now: { Self.fixedNow })
            #expect(try await migrator.status(database) == MigrationStatus(applied: [], pending: Self.versions, unknown: []))

            #expect(try await migrator.migrate(database) == Self.versions)
            #expect(try await migrator.migrate(database) == [], "a second run must be a no-op")

            let status = try await migrator.status(database)
            #expect(status.isCurrent)
            #expect(status.applied == Self.versions)
            let rows = try await database.withConnection { sql in
                try await sql.select().columns("version", "applied_at_ms").from(Migrator.table).all()
            }
            #expect(rows.count == Self.versions.count)
            #expect(try rows.first?.decode(column: "applied_at_ms", as: Int64.self) == 1_700_000_000_000)
            let installation = try await SettingsRepository(database: database).installationID()
            #expect(installation?.count == 36)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func failingMigrationLeavesNoTrace(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase { database in
            let migrator = Migrator(migrations: [
                Migration(1, "create widgets") { sql, _ in
                    try await sql.create(table: "widgets").column("id", type: .bigint, .primaryKey(autoIncrement: false)).run()
                },
                Migration(2, "broken") { sql, _ in
                    try await sql.raw("INSERT INTO no_such_table (x) VALUES (1)").run()
                },
            ])
            await #expect {
                try await migrator.migrate(database)
            } throws: { error in
                guard case .migrationFailed(let version, let name, _)? = error as? DatabaseError else { return false }
                return version == 2 && name == "broken"
            }
            // Both migrations ran in one transaction: the first one's table is gone too.
            let status = try await migrator.status(database)
            #expect(status.applied == [])
            await #expect(throws: (any Error).self) {
                try await database.withConnection { sql in try await sql.raw("SELECT id FROM widgets").run() }
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func refusesADatabaseMigratedByANewerBuild(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: true) { database in
            try await database.withConnection { sql in
                try await sql.insert(into: Migrator.table).columns("version", "name", "applied_at_ms")
                    .values(SQLBind(99), SQLBind("from the future"), SQLBind(0)).run()
            }
            let migrator = Migrator.parlor
            #expect(try await migrator.status(database).unknown == [99])
            #expect(try await !migrator.status(database).isCurrent)
            await #expect(throws: DatabaseError.databaseNewerThanBuild(unknownVersions: [99])) {
                try await migrator.migrate(database)
            }
        }
    }

    /// Two nodes starting together against one empty database: each migration is applied exactly once.
    @Test(arguments: TestDatabaseKind.available)
    func concurrentMigratorsApplyEachMigrationOnce(kind: TestDatabaseKind) async throws {
        try await kind.withFreshLocation { location in
            let appliedByEach = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await Database.withOpened(location, logger: .quiet) { database in
                            try await Migrator.parlor.migrate(database)
                        }
                    }
                }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }
            #expect(appliedByEach.flatMap { $0 }.sorted() == ParlorMigrations.all.map(\.version))
            try await Database.withOpened(location, logger: .quiet) { database in
                let count = try await database.withConnection { sql in
                    try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(Migrator.table)
                        .first()?.decode(column: "n", as: Int.self)
                }
                #expect(count == ParlorMigrations.all.count)
            }
        }
    }
}
