import Foundation
import Testing

@testable import StatsSync
@testable import StatsSyncDevice

/// A remote store for driving the manager: holds events like a server would and fails on request.
actor ScriptedProvider: StatsProvider {
    nonisolated let name: String
    var stored = EventLog()
    var available = true
    var transientFailures = 0
    var failPushAfter: Int?
    var fetches = 0

    init(name: String) { self.name = name }

    func availability() -> ProviderAvailability { available ? .available : .unavailable(reason: "offline") }
    func setAvailable(_ value: Bool) { available = value }
    func failTransiently(_ times: Int) { transientFailures = times }
    func failPush(after count: Int?) { failPushAfter = count }

    func fetch(missingFrom local: VersionVector, cursor: String?) throws -> ProviderSnapshot {
        fetches += 1
        if transientFailures > 0 {
            transientFailures -= 1
            throw StatsProviderError.transient("connection reset")
        }
        return ProviderSnapshot(events: stored.events(notCoveredBy: local), version: stored.version, cursor: "c\(stored.count)")
    }

    func push(_ events: [StatsEvent]) throws {
        if let limit = failPushAfter {
            stored.insert(contentsOf: events.prefix(limit))
            failPushAfter = nil
            throw StatsProviderError.transient("connection dropped half way")
        }
        stored.insert(contentsOf: events)
    }
}

@Suite struct ManagerTests {
    let phone = EventFactory.device("phone")
    let pad = EventFactory.device("pad")

    static func environment(sleeps: SleepLog = SleepLog()) -> SyncEnvironment {
        SyncEnvironment(
            now: { 1_737_300_000_000 }, today: { day("2025-01-19") },
            sleep: { await sleeps.record($0) }, random: { 0.5 })
    }

    actor SleepLog {
        var durations: [Duration] = []
        func record(_ duration: Duration) { durations.append(duration) }
    }

    @Test func twoDevicesConvergeThroughAProviderAndTheStatusSaysSo() async {
        var make = EventFactory()
        let server = ScriptedProvider(name: "parlor")
        let phoneReplica = InMemoryReplica([make.game(phone, "2025-01-18"), make.game(phone, "2025-01-19")])
        let padReplica = InMemoryReplica([make.game(pad, "2025-01-17")])
        let phoneSync = StatsSyncManager(replica: phoneReplica, providers: [server], environment: Self.environment())
        let padSync = StatsSyncManager(replica: padReplica, providers: [server], environment: Self.environment())

        var updates = await phoneSync.statusUpdates().makeAsyncIterator()
        #expect(await updates.next()?.phase == .idle)
        let report = await phoneSync.sync()
        #expect(report.succeeded)
        #expect(report.outcomes.first?.pushed == 2)
        #expect(await updates.next()?.phase == .syncing)
        let done = await updates.next()
        #expect(done?.phase == .idle && done?.lastSynced == 1_737_300_000_000 && done?.primary == "parlor")

        await padSync.sync()
        await phoneSync.sync()
        #expect(await phoneReplica.log == padReplica.log)
        #expect(await phoneSync.stats.gamesPlayed == 3)
        #expect(await padSync.stats.currentStreak == 3)
        #expect(await phoneReplica.cursor(for: "parlor") == "c3")
    }

    @Test func transientFailuresAreRetriedWithGrowingJitteredBackoff() async {
        let sleeps = SleepLog()
        let server = ScriptedProvider(name: "parlor")
        await server.failTransiently(3)
        let sync = StatsSyncManager(
            replica: InMemoryReplica(), providers: [server], retry: RetryPolicy(maxAttempts: 4, base: .seconds(1), cap: .seconds(3)),
            environment: Self.environment(sleeps: sleeps))
        let report = await sync.sync()
        #expect(report.succeeded)
        #expect(report.outcomes.first?.attempts == 4)
        #expect(await sleeps.durations == [.milliseconds(500), .seconds(1), .milliseconds(1500)])

        await server.failTransiently(10)
        let failed = await sync.sync()
        #expect(!failed.succeeded)
        #expect(await sync.status.hasError)
        #expect(await sync.status.lastSynced == 1_737_300_000_000, "the last good sync is still shown")
    }

    @Test func aPushThatFailsHalfWayIsCompletedByTheNextSync() async {
        var make = EventFactory()
        let server = ScriptedProvider(name: "parlor")
        let replica = InMemoryReplica((1...6).map { make.game(phone, "2025-01-\(String(format: "%02d", $0))") })
        let sync = StatsSyncManager(replica: replica, providers: [server], retry: .none, environment: Self.environment())
        await server.failPush(after: 2)
        #expect(await !sync.sync().succeeded)
        #expect(await server.stored.count == 2)
        #expect(await sync.sync().outcomes.first?.pushed == 4)
        #expect(await server.stored == replica.log)
    }

    @Test func picksTheFirstTwoAvailableProvidersAndBridgesThem() async throws {
        var make = EventFactory()
        let gameCenter = ScriptedProvider(name: "game-center")
        let server = ScriptedProvider(name: "parlor")
        let keyValue = ScriptedProvider(name: "icloud-kv")
        await gameCenter.setAvailable(false)
        try await keyValue.push([make.game(pad, "2025-01-10")])
        let sync = StatsSyncManager(
            replica: InMemoryReplica([make.game(phone, "2025-01-11")]), providers: [gameCenter, server, keyValue],
            environment: Self.environment())
        #expect(await sync.selectProviders().map(\.name) == ["parlor", "icloud-kv"])
        await sync.sync()
        #expect(await sync.status.primary == "parlor")
        #expect(await sync.status.secondary == "icloud-kv")
        #expect(await server.stored.count == 2, "what came from iCloud reached the server in the same sync")
        #expect(await keyValue.stored.count == 2)
        #expect(await gameCenter.fetches == 0)

        await server.setAvailable(false)
        await keyValue.setAvailable(false)
        #expect(await !sync.sync().succeeded)
        #expect(await sync.status.error == "no sync provider is available")
    }

    @Test func conflictsFoundBySyncAreKeptForTheConflictScreen() async throws {
        var make = EventFactory()
        let server = ScriptedProvider(name: "parlor")
        try await server.push([make.game(pad, "2025-01-19", won: true, at: 1_737_280_000_000)])
        let sync = StatsSyncManager(
            replica: InMemoryReplica([make.game(phone, "2025-01-19", won: false, at: 1_737_290_000_000)]), providers: [server],
            environment: Self.environment())
        let report = await sync.sync()
        #expect(report.conflicts?.duplicateCompletions.count == 1)
        #expect(await sync.conflicts?.merged.wins == 1)
        #expect(await sync.stats.gamesPlayed == 1)
    }
}

@Suite struct ManagerSummaryTests {
    @Test func aSyncPublishesThisDevicesFiguresToTheKeyValueSnapshot() async throws {
        var make = EventFactory()
        let phone = EventFactory.device("phone")
        let cloud = InMemoryKeyValueStore()
        let keyValue = KeyValueSnapshotProvider(store: cloud, device: phone)
        let sync = StatsSyncManager(
            replica: InMemoryReplica([make.game(phone, "2025-01-18"), make.game(phone, "2025-01-19", won: false)]),
            providers: [keyValue], environment: ManagerTests.environment())
        #expect(await sync.sync().succeeded)
        let summaries = await KeyValueSnapshotProvider(store: cloud, device: EventFactory.device("pad")).summaries()
        #expect(summaries.count == 1)
        #expect(summaries.first?.stats?.gamesPlayed == 2)
        #expect(summaries.first?.version == VersionVector([phone: 2]))
    }
}
