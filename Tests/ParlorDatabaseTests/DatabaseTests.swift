import Foundation
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

@Suite struct DatabaseTests {
    struct Boom: Error {}

    @Test(arguments: TestDatabaseKind.available)
    func transactionCommitsOrRollsBackWhole(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase { database in
            try await database.withConnection { sql in
                try await sql.create(table: "ledger").column("id", type: .bigint, .primaryKey(autoIncrement: false)).run()
            }
            try await database.transaction { sql in
                try await sql.insert(into: "ledger").columns("id").values(SQLBind(1)).run()
            }
            await #expect(throws: Boom.self) {
                try await database.transaction { sql in
                    try await sql.insert(into: "ledger").columns("id").values(SQLBind(2)).run()
                    throw Boom()
                }
            }
            let ids = try await database.withConnection { sql in
                try await sql.select().column("id").from("ledger").all().map { try $0.decode(column: "id", as: Int.self) }
            }
            #expect(ids == [1])
        }
    }

    @Test func sqliteUsesWALAndEnforcesForeignKeys() async throws {
        try await TestDatabaseKind.sqlite.withDatabase { database in
            #expect(database.dialect == .sqlite)
            let mode = try await database.withConnection { sql in
                try await sql.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            }
            #expect(mode == "wal")
            try await database.withConnection { sql in
                try await sql.raw("CREATE TABLE parent (id INTEGER PRIMARY KEY)").run()
                try await sql.raw("CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id))").run()
            }
            await #expect(throws: (any Error).self, "a dangling reference must be refused") {
                try await database.withConnection { sql in try await sql.raw("INSERT INTO child (id, parent_id) VALUES (1, 42)").run() }
            }
        }
    }

    @Test func sqliteCreatesItsDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nested/deeper/parlor.sqlite").path
            try await Database.withOpened(.sqlite(path: path), logger: .quiet) { database in try await database.ping() }
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func unwritableDataDirectoryIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("a-file")
            try Data("x".utf8).write(to: file)
            let path = file.appendingPathComponent("sub/parlor.sqlite").path
            await #expect {
                try await Database.withOpened(.sqlite(path: path), logger: .quiet) { _ in }
            } throws: { error in
                guard case .dataDirectoryNotWritable(_, let reason)? = error as? DatabaseError else { return false }
                return reason.contains("not a directory")
            }
        }
    }

    @Test func refusedPostgresIsReportedAtOnce() async throws {
        let start = ContinuousClock.now
        let location = try DatabaseLocation(url: "postgres://nobody:pw@127.0.0.1:1/none")
        await #expect(throws: DatabaseError.unreachable(location.description, reason: "connection refused")) {
            try await Database.withOpened(location, logger: .quiet) { _ in }
        }
        // PostgresClient alone would retry a refused connection forever; the probe must give up.
        // The bound is loose because CPU-heavy suites (bot matches, properties) run alongside and
        // can delay any continuation by seconds on a two-core machine.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// The pools' standing connections open without demand and stay: no idle timer is armed for
    /// them on every statement (see `clientConfiguration`).
    @Test(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func postgresOpensItsStandingConnectionsAtOnce() async throws {
        try await TestDatabaseKind.postgres.withDatabase { database in
            let standing = Database.standingConnections + Database.expressConnections
            var connected = 0
            for _ in 0..<100 {
                connected = try await database.withConnection { sql in
                    try await sql.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()").first()?
                        .decode(column: "n", as: Int.self) ?? 0
                }
                if connected == standing { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(connected == standing)
        }
    }

    @Test(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func postgresReportsMissingDatabase() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            guard case .postgres(var target) = location else { return }
            target.database = "parlor_no_such_database"
            await #expect {
                try await Database.withOpened(.postgres(target), logger: .quiet) { _ in }
            } throws: { error in
                guard case .unreachable(_, let reason)? = error as? DatabaseError else { return false }
                return reason.contains("does not exist")
            }
        }
    }
}
