import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// Migration 17 drops the move log's foreign key to `games` on PostgreSQL only.
@Suite struct MovesKeyMigrationTests {
    @Test(arguments: TestDatabaseKind.available)
    func theMoveLogKeyIsGoneOnPostgreSQLOnly(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: false) { database in
            _ = try await Migrator(migrations: ParlorMigrations.all.filter { $0.version < 17 }).migrate(database)
            #expect(try await Self.moveLogKeys(on: database) == 1)
            #expect(try await Migrator.parlor.migrate(database).contains(17))
            #expect(try await Self.moveLogKeys(on: database) == (kind == .postgres ? 0 : 1))
        }
    }

    /// How many foreign keys lead from `game_moves` to `games`.
    static func moveLogKeys(on database: Database) async throws -> Int {
        try await database.withConnection { sql in
            if database.dialect == .postgres {
                let row = try await sql.raw("""
                    SELECT COUNT(*) AS keys FROM pg_constraint
                    WHERE conrelid = 'game_moves'::regclass AND contype = 'f' AND confrelid = 'games'::regclass
                    """).first()
                return try row?.decode(column: "keys", as: Int.self) ?? -1
            }
            return try await sql.raw("PRAGMA foreign_key_list(game_moves)").all()
                .filter { try $0.decode(column: "table", as: String.self) == "games" }.count
        }
    }
}
