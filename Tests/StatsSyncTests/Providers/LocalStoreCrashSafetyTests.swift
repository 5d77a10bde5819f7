import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

/// A process can die in the middle of an append, and a disk can damage bytes. These tests leave
/// on disk what that leaves and check what the next open makes of it.
@Suite struct LocalStoreCrashSafetyTests {
    /// A store whose log holds `count` records, one per event, each written by its own append.
    private func writeStore(in directory: URL, count: Int) async throws -> [StatsEvent] {
        let clock = ProviderTestClock()
        let store = try LocalStatsStore(directory: directory, now: clock.reading)
        var events: [StatsEvent] = []
        for number in 0..<count {
            clock.advance(by: 1000)
            events.append(
                number % 4 == 3
                    ? try await store.changeSetting(key: "k\(number)", value: "v\(number)")
                    : try await store.recordGame(ProviderFixture.game(number)))
        }
        return events
    }

    /// Opens a copy of `directory` whose log is cut to `length` bytes, checks it holds exactly
    /// `expected`, then appends one event and checks a reopen reads everything back cleanly.
    private func checkCut(
        _ directory: URL, log: Data, length: Int, expected: [StatsEvent], scratch: URL
    ) async throws {
        let copy = scratch.appendingPathComponent("cut-\(length)")
        try StoreFiles.copy(directory, to: copy, log: log.prefix(length))
        let reopened = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
        let intactEnd = try StoreFiles.records(in: copy).last?.upperBound ?? 0
        #expect(await reopened.log == EventLog(expected), "cut at \(length)")
        #expect(reopened.recovery.truncatedBytes == length - intactEnd, "cut at \(length)")
        #expect(reopened.recovery.skippedBytes == 0)
        #expect(try Data(contentsOf: StoreFiles.log(in: copy)).count == intactEnd, "the torn tail is cut off")

        let added = try await reopened.recordGame(ProviderFixture.game(500))
        let again = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
        #expect(await again.log == EventLog(expected + [added]), "append after cut at \(length)")
        #expect(again.recovery.isClean, "no garbage between records after cut at \(length)")
        #expect(added.sequence == (expected.filter { $0.device == again.device }.map(\.sequence).max() ?? 0) + 1)
        try FileManager.default.removeItem(at: copy)
    }

    @Test func everyCutInsideTheLastRecordLosesOnlyThatRecord() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            let events = try await writeStore(in: original, count: 8)
            let log = try Data(contentsOf: StoreFiles.log(in: original))
            let records = try StoreFiles.records(in: original)
            let last = try #require(records.last)
            #expect(records.count == 8 && last.upperBound == log.count)
            for length in last.lowerBound..<last.upperBound {
                try await checkCut(original, log: log, length: length, expected: Array(events.dropLast()), scratch: directory)
            }
            try await checkCut(original, log: log, length: log.count, expected: events, scratch: directory)
        }
    }

    @Test func cutsInsideEarlierRecordsLoseThatRecordAndEverythingAfter() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            let events = try await writeStore(in: original, count: 12)
            let log = try Data(contentsOf: StoreFiles.log(in: original))
            let records = try StoreFiles.records(in: original)
            for index in [0, 3, 7, 10] {
                let record = records[index]
                let payloadStart = record.lowerBound + LogRecordFormat.headerSize
                let offsets = [
                    record.lowerBound + 1, record.lowerBound + 4, record.lowerBound + 8, payloadStart - 1, payloadStart,
                    (payloadStart + record.upperBound) / 2, record.upperBound - 1,
                ]
                for length in offsets {
                    try await checkCut(original, log: log, length: length, expected: Array(events[..<index]), scratch: directory)
                }
            }
        }
    }

    @Test func aDamagedRecordInTheMiddleIsSkippedAndTheRestKept() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            let events = try await writeStore(in: original, count: 10)
            let log = try Data(contentsOf: StoreFiles.log(in: original))
            let records = try StoreFiles.records(in: original)
            let damaged = records[4]
            let places = [
                ("magic", damaged.lowerBound + 1), ("length", damaged.lowerBound + 5), ("crc", damaged.lowerBound + 9),
                ("payload", damaged.lowerBound + 30), ("last byte", damaged.upperBound - 1),
            ]
            for (name, offset) in places {
                var bytes = log
                bytes[offset] ^= 0x5A
                let copy = directory.appendingPathComponent("flip-\(name)")
                try StoreFiles.copy(original, to: copy, log: bytes)
                let store = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
                var expected = events
                expected.remove(at: 4)
                #expect(await store.log == EventLog(expected), "\(name)")
                #expect(store.recovery.skippedBytes == damaged.count, "\(name)")
                #expect(store.recovery.skippedRegions == 1, "\(name)")
                #expect(store.recovery.truncatedBytes == 0, "\(name)")

                // Appending after the damage works, and the damage stays skipped.
                let added = try await store.recordGame(ProviderFixture.game(77))
                let again = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
                #expect(await again.log == EventLog(expected + [added]), "\(name)")
                #expect(again.recovery.skippedBytes == damaged.count, "\(name)")
            }
        }
    }

    @Test func severalDamagedStretchesAndAGarbageTail() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            let events = try await writeStore(in: original, count: 10)
            var bytes = try Data(contentsOf: StoreFiles.log(in: original))
            let records = try StoreFiles.records(in: original)
            for index in [2, 3, 6] { bytes[records[index].upperBound - 2] ^= 0xFF }
            bytes.append(contentsOf: [0x00, 0xFF, 0x54, 0x01] + Array("not a record".utf8))
            let copy = directory.appendingPathComponent("copy")
            try StoreFiles.copy(original, to: copy, log: bytes)
            let store = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
            let expected = events.enumerated().filter { ![2, 3, 6].contains($0.offset) }.map(\.element)
            #expect(await store.log == EventLog(expected))
            #expect(store.recovery.skippedRegions == 2)
            #expect(store.recovery.skippedBytes == records[2].count + records[3].count + records[6].count)
            #expect(store.recovery.truncatedBytes == 16)
        }
    }

    @Test func anIntactRecordThatIsNotAnEventIsKeptButLeftOut() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            let events = try await writeStore(in: original, count: 3)
            var log = [UInt8](try Data(contentsOf: StoreFiles.log(in: original)))
            LogRecordFormat.frame(Array(#"{"type":"from_the_future"}"#.utf8), into: &log)
            let copy = directory.appendingPathComponent("copy")
            try StoreFiles.copy(original, to: copy, log: Data(log))
            let store = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
            #expect(await store.log == EventLog(events))
            #expect(store.recovery.undecodableRecords == 1)
            #expect(store.recovery.truncatedBytes == 0)
            let added = try await store.recordGame(ProviderFixture.game(8))
            let again = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
            #expect(await again.log == EventLog(events + [added]))
        }
    }

    @Test func anEmptyOrAllGarbageLogOpensEmpty() async throws {
        try await withTemporaryDirectory { directory in
            let original = directory.appendingPathComponent("original")
            _ = try await writeStore(in: original, count: 1)
            for (name, bytes) in [("empty", Data()), ("garbage", Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))] {
                let copy = directory.appendingPathComponent(name)
                try StoreFiles.copy(original, to: copy, log: bytes)
                let store = try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock)
                #expect(await store.log.count == 0)
                #expect(store.recovery.truncatedBytes == bytes.count)
                try await store.recordGame(ProviderFixture.game(1))
                #expect(try LocalStatsStore(directory: copy, now: ProviderFixture.fixedClock).recovery.isClean)
            }
        }
    }
}
