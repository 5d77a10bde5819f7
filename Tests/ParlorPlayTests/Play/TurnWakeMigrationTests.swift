import Foundation
@testable import ParlorPlay
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// Games stored before migration 16 wake their turn timers at their deadlines, as before.
@Suite struct TurnWakeMigrationTests {
    @Test(arguments: TestDatabaseKind.available)
    func storedDeadlinesBecomeWakeUps(kind: TestDatabaseKind) async throws {
        let ids = (1...3).map { "00000000-0000-0000-0000-00000000000\($0)" }
        try await kind.withDatabase(migrated: false) { database in
            _ = try await Migrator(migrations: ParlorMigrations.all.filter { $0.version < 16 }).migrate(database)
            try await database.withConnection { sql in
                try await sql.raw("""
                    INSERT INTO users (id, username, username_key, display_name, preferences, created_at, last_active_at)
                    VALUES ('u1', 'ada', 'ada', 'Ada', '{}', 0, 0)
                    """).run()
                for (id, status, deadline) in [(ids[0], "active", Int64?.some(5_000)), (ids[1], "active", 9_000), (ids[2], "waiting", nil)] {
                    try await sql.raw("""
                        INSERT INTO games (id, game_id, engine_version, mode, status, players, settings, seed, seq, turn_seconds,
                            grace_seconds, timeout_policy, deadline_at, created_by, created_at)
                        VALUES (\(bind: id), 'quortex', 1, 'realtime', \(bind: status), 2, '{}', '1', 0, 60, 30, 'bot_move', \(bind: deadline), 'u1', 0)
                        """).run()
                }
            }
            #expect(try await Migrator.parlor.migrate(database).contains(16))
            let wakes = try await database.withConnection { sql in
                try await sql.raw("SELECT id, wake_at FROM games ORDER BY id").all()
                    .map { try $0.decode(column: "wake_at", as: Int64?.self) }
            }
            #expect(wakes == [5_000, 9_000, nil])
            let due = try await database.withConnection { sql in try await PlayStore.due(at: 6_000, limit: 10, on: sql) }
            #expect(due.map(\.game.uuidString) == [ids[0]] && due.map(\.deadline) == [5_000], "only the deadline that has passed is due")
        }
    }
}
