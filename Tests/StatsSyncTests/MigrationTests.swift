import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

@Suite struct MigrationTests {
    let today = day("2025-01-19")

    @Test(arguments: [
        LegacyStats(played: 0, wins: 0, currentStreak: 0, bestStreak: 0),
        LegacyStats(played: 1, wins: 1, currentStreak: 1, bestStreak: 1),
        LegacyStats(played: 10, wins: 8, currentStreak: 5, bestStreak: 5),
        LegacyStats(played: 12, wins: 9, currentStreak: 3, bestStreak: 6, lastPlayed: day("2025-01-18")),
        LegacyStats(played: 30, wins: 30, currentStreak: 0, bestStreak: 4),
        LegacyStats(played: 5, wins: 0, currentStreak: 0, bestStreak: 0),
        LegacyStats(played: 400, wins: 250, currentStreak: 17, bestStreak: 40, lastPlayed: day("2025-01-19")),
        LegacyStats(played: 9, wins: 7, currentStreak: 0, bestStreak: 2, lastPlayed: day("2024-12-01")),
    ])
    func syntheticEventsReproduceTheLegacyFigures(_ legacy: LegacyStats) throws {
        let result = try LegacyConversion.convert(legacy, today: today)
        #expect(result.adjustments.isEmpty)
        let stats = StatsProjection.stats(of: result.events, today: today)
        #expect(stats.gamesPlayed == legacy.played)
        #expect(stats.wins == legacy.wins)
        #expect(stats.currentStreak == legacy.currentStreak)
        #expect(stats.bestStreak == legacy.bestStreak)
        #expect(result.events.allSatisfy { $0.gameCompletion?.synthetic == true && $0.problems(now: 1_737_300_000_000).isEmpty })
        #expect(EventLog(result.events).version[result.events.first?.device ?? EventFactory.device("x")] == legacy.played)
    }

    @Test func theSameFiguresGiveTheSameEventsSoTwoDevicesMigratingCountOnce() throws {
        // Played yesterday, migrated today on one device and tomorrow on another: the same events.
        let legacy = LegacyStats(played: 20, wins: 15, currentStreak: 2, bestStreak: 7, lastPlayed: today)
        let first = try LegacyConversion.convert(legacy, today: today)
        let second = try LegacyConversion.convert(legacy, today: today.adding(days: 1))
        #expect(Set(first.events.map(\.id)).count == 20)
        #expect(first.events == second.events)
        let other = try LegacyConversion.convert(LegacyStats(played: 21, wins: 15, currentStreak: 2, bestStreak: 7, lastPlayed: day("2025-01-18")), today: today)
        #expect(Set(other.events.map(\.device)).isDisjoint(with: first.events.map(\.device)), "different figures never share a dot")
    }

    @Test func inconsistentFiguresAreMadeConsistentAndReported() throws {
        let result = try LegacyConversion.convert(LegacyStats(played: 3, wins: 5, currentStreak: 6, bestStreak: 2), today: today)
        #expect(result.figures == LegacyStats(played: 6, wins: 6, currentStreak: 6, bestStreak: 6))
        #expect(result.adjustments.count == 3)
        #expect(throws: LegacyConversion.Failure.negative("wins")) {
            try LegacyConversion.convert(LegacyStats(played: 3, wins: -1, currentStreak: 0, bestStreak: 0), today: today)
        }
        #expect(throws: LegacyConversion.Failure.self) {
            try LegacyConversion.convert(LegacyStats(played: 20_000, wins: 0, currentStreak: 0, bestStreak: 0), today: today)
        }
    }

    @Test func migrationBacksUpFirstRecordsTheVersionAndRollsBack() async throws {
        try await withTemporaryDirectory { directory in
            let existing = Data("earlier store contents".utf8)
            try existing.write(to: directory.appendingPathComponent("events.log"))
            let migration = StatsMigration(directory: directory)
            #expect(try migration.schemaVersion() == 1)
            let legacy = LegacyStats(played: 10, wins: 8, currentStreak: 5, bestStreak: 5)
            let replica = InMemoryReplica()
            let record = try await migration.migrate(legacy, today: today, now: 1_737_300_000_000) { events in
                // The backup must already exist when events are written.
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("backups/v1-1737300000000/legacy.json").path))
                _ = await replica.append(events)
                try Data("migrated store".utf8).write(to: directory.appendingPathComponent("events.log"))
            }
            #expect(record.schemaVersion == StatsSyncSchema.version)
            #expect(record.syntheticEvents == 10)
            #expect(try migration.schemaVersion() == 2)
            #expect(StatsProjection.stats(of: await replica.log.events, today: today).wins == 8)

            let again = try await migration.migrate(legacy, today: today, now: 1) { _ in Issue.record("migrated twice") }
            #expect(again == record)

            #expect(try migration.rollback() == legacy)
            #expect(try migration.schemaVersion() == 1)
            #expect(try Data(contentsOf: directory.appendingPathComponent("events.log")) == existing)
        }
    }

    @Test func anInterruptedMigrationRunsAgainWithoutDoubleCounting() async throws {
        try await withTemporaryDirectory { directory in
            let migration = StatsMigration(directory: directory)
            let legacy = LegacyStats(played: 4, wins: 3, currentStreak: 1, bestStreak: 2)
            let replica = InMemoryReplica()
            struct Crash: Error {}
            await #expect(throws: Crash.self) {
                try await migration.migrate(legacy, today: today, now: 1_737_300_000_000) { events in
                    _ = await replica.append(Array(events.prefix(2)))
                    throw Crash()
                }
            }
            #expect(try migration.schemaVersion() == 1)
            _ = try await migration.migrate(legacy, today: today, now: 1_737_300_000_001) { _ = await replica.append($0) }
            #expect(StatsProjection.stats(of: await replica.log.events, today: today).gamesPlayed == 4)
            #expect(throws: StatsMigration.Failure.notMigrated) { try StatsMigration(directory: directory.appendingPathComponent("none")).rollback() }
        }
    }
}
