import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice
import TestSupport

@Suite struct KeyValueSnapshotProviderTests {
    /// One device: its local store and its view of the shared key-value store.
    struct Device {
        let store: LocalStatsStore
        let provider: KeyValueSnapshotProvider

        init(directory: URL, cloud: any KeyValueStore, clock: ProviderTestClock) throws {
            store = try LocalStatsStore(directory: directory, now: clock.reading)
            provider = KeyValueSnapshotProvider(store: cloud, device: store.device, now: clock.reading)
        }

        /// What the sync manager does with a provider: pull what is missing, push what it lacks.
        func sync() async throws {
            let snapshot = await provider.fetch(missingFrom: await store.log.version, cursor: nil)
            try await store.append(snapshot.events)
            try await provider.push(await store.log.events(notCoveredBy: snapshot.version))
        }
    }

    private func devices(_ count: Int, in directory: URL, cloud: any KeyValueStore, clock: ProviderTestClock) throws -> [Device] {
        try (0..<count).map { try Device(directory: directory.appendingPathComponent("device-\($0)"), cloud: cloud, clock: clock) }
    }

    @Test(arguments: [2, 5])
    func devicesSyncingThroughOneStoreConverge(count: Int) async throws {
        try await withTemporaryDirectory { directory in
            let cloud = InMemoryKeyValueStore()
            let clock = ProviderTestClock()
            let devices = try devices(count, in: directory, cloud: cloud, clock: clock)
            // Everyone plays offline, changes a setting, and one resets.
            for (index, device) in devices.enumerated() {
                for game in 0..<(3 + index) {
                    clock.advance(by: 1000)
                    try await device.store.recordGame(ProviderFixture.game(game * 7 + index))
                }
                _ = try await device.store.changeSetting(key: "theme", value: "theme-\(index)")
            }
            _ = try await devices[0].store.resetStats()
            // Everyone syncs at once, twice: the first round lets each see the others' keys.
            for _ in 0..<2 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for device in devices { group.addTask { try await device.sync() } }
                    try await group.waitForAll()
                }
            }
            let logs = await devices.asyncMap { await $0.store.log }
            let expectedCount = (0..<count).reduce(0) { $0 + 3 + $1 + 1 } + 1
            #expect(logs.allSatisfy { $0 == logs[0] })
            #expect(logs[0].count == expectedCount)
            let settings = await devices.asyncMap { await $0.store.settings }
            #expect(settings.allSatisfy { $0 == settings[0] })
            // The store itself reports every device complete.
            let report = await devices[0].provider.read()
            #expect(report.log == logs[0])
            #expect(report.unreadableKeys.isEmpty && report.invalidEvents == 0)
        }
    }

    @Test func concurrentWritesNeverLoseAnEvent() async throws {
        let cloud = InMemoryKeyValueStore()
        let phones = try (0..<8).map { try ProviderFixture.device("phone-\($0)") }
        // Every device pushes its events one at a time, all devices interleaved.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for phone in phones {
                group.addTask {
                    let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
                    for event in ProviderFixture.games(by: phone, count: 40) {
                        try await provider.push([event])
                        await Task.yield()
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = KeyValueSnapshotProvider(store: cloud, device: try ProviderFixture.device("reader"), now: ProviderFixture.fixedClock)
        let report = await reader.read()
        #expect(report.log.count == 8 * 40)
        #expect(report.log.version == VersionVector(Dictionary(uniqueKeysWithValues: phones.map { ($0, 40) })))
        #expect(await cloud.keyCount == 8)
    }

    @Test func pushWritesOnlyItsOwnKeyAndOnlyWhenSomethingChanged() async throws {
        let cloud = InMemoryKeyValueStore()
        let phone = try ProviderFixture.device("phone")
        let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
        let mine = ProviderFixture.games(by: phone, count: 10)
        let theirs = ProviderFixture.games(by: try ProviderFixture.device("tablet"), count: 10)
        try await provider.push(mine + theirs)
        #expect(await cloud.allKeys() == ["ev.phone"])
        #expect(await cloud.writes == 1)
        try await provider.push(mine)
        try await provider.push(theirs)
        #expect(await cloud.writes == 1)
        let snapshot = await provider.fetch(missingFrom: VersionVector([phone: 4]), cursor: nil)
        #expect(snapshot.events == Array(mine[4...]))
        #expect(snapshot.version == VersionVector([phone: 10]))
    }

    @Test func untrustedValuesAreSkippedWithoutACrash() async throws {
        let cloud = InMemoryKeyValueStore()
        let phone = try ProviderFixture.device("phone")
        let tablet = try ProviderFixture.device("tablet")
        let good = ProviderFixture.games(by: tablet, count: 3)
        try await KeyValueSnapshotProvider(store: cloud, device: tablet, now: ProviderFixture.fixedClock).push(good)
        // Garbage, a truncated value, a value under another device's key, impossible events, and
        // keys that are not the provider's at all.
        try await cloud.set(Data("garbage".utf8), forKey: "ev.junk")
        let phoneValue = CompactEventCodec.encode(CompactEventCodec.groups(of: ProviderFixture.games(by: phone, count: 2)))
        try await cloud.set(Data(phoneValue.dropLast(3)), forKey: "ev.truncated")
        try await cloud.set(Data(phoneValue), forKey: "ev.not-phone")
        let future = StatsEvent(
            device: phone, sequence: 3, timestamp: ProviderFixture.now + 10 * ProviderFixture.day,
            payload: .gameCompleted(ProviderFixture.game(1)))
        let negative = StatsEvent(
            device: phone, sequence: 4, timestamp: ProviderFixture.now,
            payload: .gameCompleted(GameCompletion(puzzleDate: PuzzleDate(unixMillis: ProviderFixture.now), won: true, mistakes: -3, seconds: 1, hintsUsed: 0)))
        let valid = ProviderFixture.games(by: phone, count: 2)
        try await cloud.set(Data(CompactEventCodec.encode(CompactEventCodec.groups(of: valid + [future, negative]))), forKey: "ev.phone")
        try await cloud.set(Data("{}".utf8), forKey: "summary.phone")
        try await cloud.set(Data("dark".utf8), forKey: "theme")

        let reader = KeyValueSnapshotProvider(store: cloud, device: try ProviderFixture.device("reader"), now: ProviderFixture.fixedClock)
        let report = await reader.read()
        #expect(report.log == EventLog(good + valid))
        #expect(Set(report.unreadableKeys) == ["ev.junk", "ev.truncated", "ev.not-phone"])
        #expect(report.invalidEvents == 2)
        #expect(await reader.summaries().isEmpty)
        let snapshot = await reader.fetch(missingFrom: VersionVector(), cursor: nil)
        #expect(snapshot.version == VersionVector([tablet: 3, phone: 2]))

        // The phone's own key, holding events it would not have written, is cleaned by its next push.
        let phoneProvider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
        try await phoneProvider.push(ProviderFixture.games(by: phone, count: 3))
        let groups = try CompactEventCodec.decode(Array(try #require(await cloud.data(forKey: "ev.phone"))))
        #expect(groups.first?.events == ProviderFixture.games(by: phone, count: 3))
    }

    @Test func aBigHistoryStaysWithinTheLimitAndReportsAnHonestVersion() async throws {
        let cloud = InMemoryKeyValueStore()
        let phone = try ProviderFixture.device("phone")
        let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
        let history = ProviderFixture.games(by: phone, count: 60_000, spacing: 3_600_000)
        try await provider.push(history)
        let total = await cloud.totalBytes
        // A single device takes half the store, leaving the other half for a device yet to come.
        #expect(total <= 1_048_576 / 2)
        #expect(total > 1_048_576 / 2 - KeyValueSnapshotProvider.summaryReserve - 100)

        let report = await provider.read()
        let kept = report.log.events.map(\.sequence).sorted()
        let floor = try #require(report.floors[phone])
        print("KeyValueSnapshotProvider: kept \(kept.count) of 60,000 events in \(total) bytes, floor \(floor)")
        #expect(floor > 1)
        #expect(kept == Array(floor...60_000), "the newest events, gap-free")
        #expect(report.log.version[phone] == 0, "no claim to events it dropped")
        // Offered the whole history again (as a manager would, seeing version 0), it writes nothing.
        let writes = await cloud.writes
        try await provider.push(history)
        #expect(await cloud.writes == writes)
        // One more event moves the window.
        try await provider.push(ProviderFixture.games(by: phone, count: 1, first: 60_001, spacing: 3_600_000))
        let moved = await provider.read()
        #expect(moved.log.contains(ProviderFixture.stableID(phone, 60_001)))
        #expect(try #require(moved.floors[phone]) > floor)
        #expect(await cloud.totalBytes <= 1_048_576)
        // The summary still fits next to it.
        try await provider.publishSummary(stats: PuzzleStats(), today: nil, version: VersionVector([phone: 60_001]))
    }

    @Test func devicesShareTheSpaceFairly() async throws {
        let cloud = InMemoryKeyValueStore()
        let phones = try (0..<3).map { try ProviderFixture.device("phone-\($0)") }
        // Each device leaves a share free for a device yet to come, so every newcomer finds room,
        // and the earlier ones shrink to their share when they next write.
        for round in 0..<2 {
            for phone in phones {
                let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
                try await provider.push(ProviderFixture.games(by: phone, count: 30_000 + round, spacing: 3_600_000))
                #expect(await cloud.totalBytes <= 1_048_576)
            }
        }
        let share = 1_048_576 / 4
        for phone in phones {
            let bytes = try #require(await cloud.data(forKey: "ev.\(phone)")).count
            #expect(bytes <= share && bytes > share - KeyValueSnapshotProvider.summaryReserve - 100, "\(phone): \(bytes)")
        }
        let report = await KeyValueSnapshotProvider(store: cloud, device: phones[0], now: ProviderFixture.fixedClock).read()
        #expect(phones.allSatisfy { report.floors[$0, default: 1] > 1 })
        #expect(phones.allSatisfy { report.log.highestSequence(of: $0) == 30_001 })
    }

    @Test func measuresBytesPerEvent() async throws {
        let cloud = InMemoryKeyValueStore()
        let phone = try ProviderFixture.device(UUID().uuidString)
        let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
        let games = ProviderFixture.games(by: phone, count: 1000)
        try await provider.push(games)
        let compact = Double(await cloud.totalBytes) / 1000
        let json = Double(try JSONEncoder().encode(games).count) / 1000
        print("KeyValueSnapshotProvider: \(compact) bytes/game event in the key-value store (JSON: \(json))")
        #expect(compact < 32)
    }

    @Test func valuesSplitIntoChunksWhenOneValueIsTooSmall() async throws {
        let cloud = InMemoryKeyValueStore(
            limits: KeyValueStoreLimits(totalBytes: 40_000, maximumKeys: 1024, maximumKeyBytes: 64, maximumValueBytes: 2000))
        let phone = try ProviderFixture.device("phone")
        let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: ProviderFixture.fixedClock)
        try await provider.push(ProviderFixture.games(by: phone, count: 500))
        let keys = await cloud.allKeys()
        #expect(keys.count > 5)
        #expect(keys.contains("ev.phone") && keys.contains("ev.phone#1"))
        #expect(await provider.read().log == EventLog(ProviderFixture.games(by: phone, count: 500)))

        // When another device takes its share, the next write keeps fewer events in fewer chunks
        // and removes the chunks it no longer uses.
        let tablet = try ProviderFixture.device("tablet")
        try await KeyValueSnapshotProvider(store: cloud, device: tablet, now: ProviderFixture.fixedClock)
            .push(ProviderFixture.games(by: tablet, count: 30_000))
        try await provider.push(ProviderFixture.games(by: phone, count: 1, first: 501))
        let phoneKeys = await cloud.allKeys().filter { $0.hasPrefix("ev.phone") }
        #expect(phoneKeys.count < keys.count)
        #expect(phoneKeys == (0..<phoneKeys.count).map { KeyValueLayout.eventKey(for: phone, chunk: $0) }.sorted())
        let report = await provider.read()
        #expect(report.log.highestSequence(of: phone) == 501)
        #expect(report.floors[phone, default: 1] > 1)
        #expect(report.unreadableKeys.isEmpty)
        #expect(await cloud.totalBytes <= 1_048_576)
    }

    @Test func summariesGiveAFreshDeviceSomethingToShow() async throws {
        let cloud = InMemoryKeyValueStore()
        let phone = try ProviderFixture.device("phone")
        let clock = ProviderTestClock()
        let provider = KeyValueSnapshotProvider(store: cloud, device: phone, now: clock.reading)
        let events = ProviderFixture.games(by: phone, count: 20)
        let today = PuzzleDate(unixMillis: ProviderFixture.now)
        let stats = StatsProjection.stats(of: events, today: today)
        try await provider.publishSummary(stats: stats, today: today, version: EventLog(events).version)
        clock.advance(by: 1000)
        let tablet = KeyValueSnapshotProvider(store: cloud, device: try ProviderFixture.device("tablet"), now: clock.reading)
        try await tablet.publishSummary(stats: nil, today: nil, version: VersionVector())

        let summaries = await KeyValueSnapshotProvider(store: cloud, device: try ProviderFixture.device("new"), now: clock.reading).summaries()
        #expect(summaries.map(\.device.rawValue) == ["tablet", "phone"])
        #expect(summaries.last?.stats == stats)
        #expect(summaries.last?.version == VersionVector([phone: 20]))
    }

    @Test func aLongDeviceIDUsesAHashedKey() async throws {
        let cloud = InMemoryKeyValueStore()
        let long = try ProviderFixture.device(String(repeating: "L", count: 64))
        let provider = KeyValueSnapshotProvider(store: cloud, device: long, now: ProviderFixture.fixedClock)
        try await provider.push(ProviderFixture.games(by: long, count: 5))
        try await provider.publishSummary(stats: nil, today: nil, version: VersionVector([long: 5]))
        #expect(await cloud.allKeys().allSatisfy { $0.utf8.count <= 64 })
        #expect(await provider.read().log.count == 5)
        #expect(await provider.summaries().first?.device == long)
    }
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
