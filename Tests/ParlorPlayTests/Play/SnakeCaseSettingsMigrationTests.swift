import Foundation
@testable import ParlorPlay
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// Games stored before the games named their keys in snake_case are read after migration 9.
@Suite struct SnakeCaseSettingsMigrationTests {
    @Test(arguments: TestDatabaseKind.available)
    func storedSettingsTakeSnakeCaseKeys(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: false) { database in
            let before = ParlorMigrations.all.filter { $0.version < 9 }
            _ = try await Migrator(migrations: before).migrate(database)
            try await database.withConnection { sql in
                try await sql.raw("""
                    INSERT INTO users (id, username, username_key, display_name, preferences, created_at, last_active_at)
                    VALUES ('u1', 'ada', 'ada', 'Ada', '{}', 0, 0)
                    """).run()
                for (id, settings) in [("g1", #"{"settingsVersion":1,"queenSkips":true,"maxDrawsPerTurn":null}"#), ("g2", #"{"settings_version":1}"#)] {
                    try await sql.raw("""
                        INSERT INTO games (id, game_id, engine_version, mode, status, players, settings, seed, seq, turn_seconds,
                            grace_seconds, timeout_policy, created_by, created_at)
                        VALUES (\(bind: id), 'crazy-eights', 1, 'realtime', 'waiting', 2, \(bind: settings), '1', 0, 60, 30, 'bot_move', 'u1', 0)
                        """).run()
                }
            }
            #expect(try await Migrator.parlor.migrate(database).first == 9)
            let stored = try await database.withConnection { sql in
                try await sql.select().columns("id", "settings").from("games").orderBy("id").all()
                    .map { try $0.decode(column: "settings", as: String.self) }
            }
            #expect(stored == [#"{"max_draws_per_turn":null,"queen_skips":true,"settings_version":1}"#, #"{"settings_version":1}"#])
        }
    }

    @Test func keysAreRenamedAtEveryDepthAndValuesKept() throws {
        let converted = SnakeCaseKeys.convert(["aB": ["cD": "eF"], "x": [["gH1": 1]]]) as? [String: Any]
        #expect((converted?["a_b"] as? [String: Any])?["c_d"] as? String == "eF")
        #expect(((converted?["x"] as? [Any])?.first as? [String: Any])?["g_h1"] as? Int == 1)
    }
}
