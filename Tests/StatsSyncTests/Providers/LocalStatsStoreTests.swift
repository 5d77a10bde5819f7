import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

@Suite struct LocalStatsStoreTests {
    @Test func firstOpenChoosesADeviceAndKeepsIt() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(UUID(uuidString: store.device.rawValue) != nil)
            #expect(await store.log.count == 0)
            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(reopened.device == store.device)
            #expect(reopened.recovery.isClean)

            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: StoreFiles.metadata(in: directory)))
            let metadata = try #require(json as? [String: Any])
            #expect(metadata["schema"] as? Int == StatsSyncSchema.version)
            #expect(metadata["device"] as? String == store.device.rawValue)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func recordedEventsHaveGapFreeSequencesAcrossReopens() async throws {
        try await withTemporaryDirectory { directory in
            let clock = ProviderTestClock()
            let store = try LocalStatsStore(directory: directory, now: clock.reading)
            var recorded: [StatsEvent] = []
            for number in 0..<5 {
                clock.advance(by: 1000)
                recorded.append(try await store.recordGame(ProviderFixture.game(number)))
            }
            recorded.append(try await store.changeSetting(key: "theme", value: "dark"))
            recorded.append(try await store.resetStats())
            #expect(recorded.map(\.sequence) == Array(1...7))
            #expect(recorded.allSatisfy { $0.device == store.device })
            #expect(recorded[4].timestamp == ProviderFixture.now + 5000)

            let reopened = try LocalStatsStore(directory: directory, now: clock.reading)
            #expect(await reopened.log == EventLog(recorded))
            #expect(try await reopened.recordGame(ProviderFixture.game(9)).sequence == 8)
            #expect(await reopened.log.version[store.device] == 8)
        }
    }

    @Test func appendKeepsOnlyNewEventsAndReturnsThem() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            let other = try ProviderFixture.device("tablet")
            let events = ProviderFixture.games(by: other, count: 6)
            #expect(try await store.append(Array(events[0..<4])) == Array(events[0..<4]))
            // Repeats, inside the batch and of what is held, are absorbed.
            let second = [events[2], events[4], events[4], events[5], events[0]]
            #expect(try await store.append(second) == [events[4], events[5]])
            #expect(try await store.append(events).isEmpty)

            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.log == EventLog(events))
            #expect(try StoreFiles.records(in: directory).count == 6)
        }
    }

    @Test func settingChangesSupersedeTheCurrentWinnerAndPersistTheClock() async throws {
        try await withTemporaryDirectory { directory in
            let clock = ProviderTestClock()
            let store = try LocalStatsStore(directory: directory, now: clock.reading)
            let first = try await store.changeSetting(key: "theme", value: "light")
            let second = try await store.changeSetting(key: "theme", value: "dark")  // same millisecond
            #expect(first.settingChange?.supersedes == nil)
            #expect(second.settingChange?.supersedes == first.id)
            let firstClock = try #require(first.settingChange?.clock)
            let secondClock = try #require(second.settingChange?.clock)
            #expect(secondClock > firstClock)
            #expect(secondClock.counter == 1)
            #expect(await store.settings == ["theme": "dark"])

            let reopened = try LocalStatsStore(directory: directory, now: clock.reading)
            #expect(await reopened.clock == store.clock)
            #expect(await reopened.clock.millis == ProviderFixture.now)
            #expect(await reopened.clock.counter == 1)
            // After reopening, still in the same millisecond, the clock keeps counting up.
            let third = try await reopened.changeSetting(key: "theme", value: "blue")
            #expect(third.settingChange?.clock.counter == 2)
            #expect(third.settingChange?.supersedes == second.id)
        }
    }

    @Test func remoteSettingsMoveTheClockSoLaterLocalChangesWin() async throws {
        try await withTemporaryDirectory { directory in
            let clock = ProviderTestClock()
            let store = try LocalStatsStore(directory: directory, now: clock.reading)
            _ = try await store.changeSetting(key: "sound", value: "on")
            // Another device, its clock a minute fast, turned the sound off.
            let remote = ProviderFixture.setting(
                by: try ProviderFixture.device("fast"), sequence: 1, key: "sound", value: "off", millis: ProviderFixture.now + 60_000, counter: 3)
            try await store.append([remote])
            #expect(await store.settings == ["sound": "off"])
            clock.advance(by: 10)
            let local = try await store.changeSetting(key: "sound", value: "loud")
            let reading = try #require(local.settingChange?.clock)
            #expect(reading > HybridTimestamp(millis: ProviderFixture.now + 60_000, counter: 3, device: try ProviderFixture.device("fast")))
            #expect(local.settingChange?.supersedes == remote.id)
            #expect(await store.settings == ["sound": "loud"])
        }
    }

    @Test func aClockBehindTheLogIsRepairedOnOpen() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            let remote = ProviderFixture.setting(
                by: try ProviderFixture.device("fast"), sequence: 1, key: "k", value: "v", millis: ProviderFixture.now + 5000, counter: 7)
            try await store.append([remote])  // the clock's move is not written by an append
            let onDisk = try JSONDecoder().decode(LocalStoreMetadata.self, from: Data(contentsOf: StoreFiles.metadata(in: directory)))
            #expect(onDisk.clock.millis < ProviderFixture.now + 5000)

            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.clock.millis == ProviderFixture.now + 5000)
            #expect(await reopened.clock.counter == 8)
        }
    }

    @Test func resetRecordsTheVersionSeenSoFar() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            let other = try ProviderFixture.device("tablet")
            try await store.append(ProviderFixture.games(by: other, count: 3))
            try await store.recordGame(ProviderFixture.game(1))
            let reset = try await store.resetStats()
            #expect(reset.statsReset?.seen == VersionVector([other: 3, store.device: 1]))
            #expect(reset.sequence == 2)
            let stats = StatsProjection.stats(of: await store.log.events, today: PuzzleDate(unixMillis: ProviderFixture.now))
            #expect(stats.gamesPlayed == 0)
            #expect(stats.gamesErasedByReset == 4)
        }
    }

    @Test func cursorsAndLastSyncPersist() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            try await store.setCursor("token-1", for: "cloudkit")
            try await store.setCursor("p-9", for: "parlor")
            try await store.setLastSynced(ProviderFixture.now)
            try await store.setCursor(nil, for: "parlor")

            let reopened = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            #expect(await reopened.cursor(for: "cloudkit") == "token-1")
            #expect(await reopened.cursor(for: "parlor") == nil)
            #expect(await reopened.lastSynced == ProviderFixture.now)
        }
    }

    @Test func actsAsAProvider() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            let provider: any StatsProvider = store
            #expect(provider.name == "local")
            #expect(await provider.availability() == .available)
            let other = try ProviderFixture.device("tablet")
            let events = ProviderFixture.games(by: other, count: 5)
            try await provider.push(events)
            try await provider.push(events)
            let snapshot = try await provider.fetch(missingFrom: VersionVector([other: 3]), cursor: nil)
            #expect(snapshot.events == Array(events[3...]))
            #expect(snapshot.version == VersionVector([other: 5]))
        }
    }

    @Test func refusesAnInvalidEventWithoutConsumingASequence() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            await #expect(throws: StatsProviderError.self) {
                try await store.changeSetting(key: String(repeating: "k", count: 65), value: "v")
            }
            await #expect(throws: StatsProviderError.self) {
                try await store.recordGame(GameCompletion(puzzleDate: PuzzleDate(unixMillis: ProviderFixture.now), won: true, mistakes: -1, seconds: 5, hintsUsed: 0))
            }
            #expect(await store.log.count == 0)
            #expect(try await store.recordGame(ProviderFixture.game(1)).sequence == 1)
        }
    }

    @Test func unreadableMetadataIsACorruptError() async throws {
        try await withTemporaryDirectory { directory in
            _ = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            for garbage in ["", "{", "[]", #"{"schema":2,"device":"bad id!","clock":{},"cursors":{}}"#] {
                try Data(garbage.utf8).write(to: StoreFiles.metadata(in: directory))
                let error = #expect(throws: StatsProviderError.self) {
                    _ = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
                }
                #expect(error.map { if case .corrupt = $0 { true } else { false } } == true, "\(garbage)")
            }
        }
    }

    @Test func aNewerSchemaIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            var metadata = LocalStoreMetadata(device: store.device)
            metadata.schema = StatsSyncSchema.version + 1
            try metadata.encoded().write(to: StoreFiles.metadata(in: directory))
            #expect(throws: LocalStoreError.unsupportedSchema(found: StatsSyncSchema.version + 1, supported: StatsSyncSchema.version)) {
                _ = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            }
        }
    }

    @Test func fileSystemFailuresAreTypedErrors() async throws {
        try await withTemporaryDirectory { directory in
            // A file where the directory should be.
            let blocked = directory.appendingPathComponent("blocked")
            try Data("x".utf8).write(to: blocked)
            let blockedError = #expect(throws: LocalStoreError.self) {
                _ = try LocalStatsStore(directory: blocked, now: ProviderFixture.fixedClock)
            }
            #expect(blockedError.map { if case .fileSystem = $0 { true } else { false } } == true)
            // A directory where the log should be.
            let store = directory.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: StoreFiles.log(in: store), withIntermediateDirectories: true)
            let logError = #expect(throws: LocalStoreError.self) {
                _ = try LocalStatsStore(directory: store, now: ProviderFixture.fixedClock)
            }
            #expect(logError.map { if case .fileSystem = $0 { true } else { false } } == true)
        }
    }

    @Test func aBatchIsOneWrite() async throws {
        try await withTemporaryDirectory { directory in
            let store = try LocalStatsStore(directory: directory, now: ProviderFixture.fixedClock)
            let events = ProviderFixture.games(by: try ProviderFixture.device("tablet"), count: 400)
            let before = try? FileManager.default.attributesOfItem(atPath: StoreFiles.log(in: directory).path)
            #expect(before == nil)
            try await store.append(events)
            #expect(await store.writeCalls == 1)
            #expect(try StoreFiles.records(in: directory).count == 400)
        }
    }
}
