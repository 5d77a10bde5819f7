import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

/// The checkpoint only makes opening faster: whatever happens to it, the log decides.
@Suite struct LocalStoreCheckpointTests {
    private func checkpointURL(_ directory: URL) -> URL { directory.appendingPathComponent(LocalStatsStore.checkpointFileName) }

    /// A store holding 2,500 events appended in batches of 400: checkpoints at 1,200 and 2,400.
    private func bigStore(in directory: URL, device: String = "tablet") async throws -> [StatsEvent] {
        let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
        let events = ProviderFixture.games(by: try ProviderFixture.device(device), count: 2500, spacing: 3_600_000)
        for start in stride(from: 0, to: events.count, by: 400) {
            try await store.append(Array(events[start..<min(start + 400, events.count)]))
        }
        #expect(await store.recordsPastCheckpoint == 100)
        return events
    }

    @Test func anOpenReadsJSONOnlyPastTheCheckpoint() async throws {
        try await withTemporaryDirectory { directory in
            let events = try await bigStore(in: directory)
            #expect(FileManager.default.fileExists(atPath: checkpointURL(directory).path))
            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.recordsPastCheckpoint == 100)
            #expect(await reopened.log == EventLog(events))
            #expect(reopened.recovery.isClean)
            // Records appended after the checkpoint, and a torn one, are handled as without it.
            let added = try await reopened.recordGame(ProviderFixture.game(3))
            var log = try Data(contentsOf: StoreFiles.log(in: directory))
            log.append(contentsOf: LogRecordFormat.magic + [40, 0, 0, 0, 1, 2])
            try log.write(to: StoreFiles.log(in: directory))
            let again = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await again.log == EventLog(events + [added]))
            #expect(again.recovery.truncatedBytes == 10)
            #expect(await again.recordsPastCheckpoint == 101)
        }
    }

    @Test func aDamagedCheckpointIsIgnoredAndReplaced() async throws {
        try await withTemporaryDirectory { directory in
            let events = try await bigStore(in: directory)
            var checkpoint = try Data(contentsOf: checkpointURL(directory))
            for damage in [{ (bytes: inout Data) in bytes[bytes.count / 2] ^= 0x01 }, { $0 = Data("garbage".utf8) }, { $0 = Data() }] {
                damage(&checkpoint)
                try checkpoint.write(to: checkpointURL(directory))
                let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
                #expect(await reopened.log == EventLog(events))
                #expect(reopened.recovery.isClean)
                // Read in full, it wrote a fresh checkpoint, which the next open uses.
                #expect(await reopened.recordsPastCheckpoint == 0)
                #expect(try await LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock).recordsPastCheckpoint == 0)
                checkpoint = try Data(contentsOf: checkpointURL(directory))
            }
        }
    }

    @Test func aCheckpointCoveringMoreThanTheLogIsIgnored() async throws {
        try await withTemporaryDirectory { directory in
            let events = try await bigStore(in: directory)
            let records = try StoreFiles.records(in: directory)
            // The disk lost everything from record 900 on (the checkpoint covers 2,400 records).
            let cut = records[900].lowerBound + 5
            let log = try Data(contentsOf: StoreFiles.log(in: directory))
            try log.prefix(cut).write(to: StoreFiles.log(in: directory))
            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.log == EventLog(events.prefix(900)))
            #expect(reopened.recovery.truncatedBytes == 5)
            #expect(!FileManager.default.fileExists(atPath: checkpointURL(directory).path))
        }
    }

    @Test func aCheckpointOfAnotherLogIsIgnored() async throws {
        try await withTemporaryDirectory { directory in
            let first = directory.appendingPathComponent("first")
            let second = directory.appendingPathComponent("second")
            _ = try await bigStore(in: first, device: "one")
            let events = try await bigStore(in: second, device: "two")  // the same sizes and offsets
            try FileManager.default.removeItem(at: checkpointURL(second))
            try FileManager.default.copyItem(at: checkpointURL(first), to: checkpointURL(second))
            let reopened = try LocalStatsStore(directory: second, now: ProviderFixture.fixedClock)
            #expect(await reopened.log == EventLog(events))
        }
    }

    @Test func recoveryFiguresSurviveACheckpoint() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            for number in 0..<10 { try await store.recordGame(ProviderFixture.game(number)) }
            var log = try Data(contentsOf: StoreFiles.log(in: directory))
            let records = try StoreFiles.records(in: directory)
            log[records[4].lowerBound + 20] ^= 0x10
            try log.write(to: StoreFiles.log(in: directory))
            let damaged = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(damaged.recovery.skippedBytes == records[4].count)
            try await damaged.append(ProviderFixture.games(by: try ProviderFixture.device("tablet"), count: 1000))
            #expect(await damaged.recordsPastCheckpoint == 0)

            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.recordsPastCheckpoint == 0)
            #expect(reopened.recovery == damaged.recovery)
            #expect(await reopened.log == damaged.log)
        }
    }
}
