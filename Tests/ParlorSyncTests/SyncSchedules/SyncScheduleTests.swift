import Foundation
import HummingbirdTesting
import ParlorTestSupport
import StatsSync
import StatsSyncDevice
import Testing
import TestSupport

/// The property the whole design rests on: however devices play offline, and whatever order,
/// failures and repeats their syncs meet, every device ends with the same log (the union of
/// everything any device wrote) and therefore the same statistics, and no event is lost.
@Suite struct SyncScheduleTests {
    /// Schedules through the in-process router; PARLOR_SYNC_SCHEDULES raises it for a long soak.
    static let routerSchedules = ProcessInfo.processInfo.environment["PARLOR_SYNC_SCHEDULES"].flatMap(Int.init) ?? 2000

    @Test func thousandsOfRandomSchedulesConvergeWithoutLosingAnEvent() async throws {
        try await withSyncServer(mode: .router) { server in
            for seed in 0..<UInt64(Self.routerSchedules) {
                try await SyncSchedule(seed: seed, server: server).run()
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func schedulesOverRealSocketsConvergeOnEachEngine(_ kind: TestDatabaseKind) async throws {
        try await withSyncServer(kind: kind, mode: .live) { server in
            for seed in UInt64(1_000_000)..<1_000_040 {
                try await SyncSchedule(seed: seed, server: server).run()
            }
        }
    }
}

/// One random schedule: 2–5 devices of one player, each able to sync through the server, the
/// iCloud key-value snapshot, or both, with faults injected into every provider.
struct SyncSchedule {
    let seed: UInt64
    let server: SyncServer

    func run() async throws {
        var random = ScheduleRandom(seed: seed)
        let token = try await server.newPlayer()
        let cloud = InMemoryKeyValueStore()
        let start = Int64(Date().timeIntervalSince1970 * 1000) - 40 * 86_400_000
        let firstDay = PuzzleDate(unixMillis: start)
        let today = firstDay.adding(days: 30)
        var now = start

        // Even-numbered devices keep their log in a real local file store.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-schedule-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var devices: [SimulatedDevice] = []
        var managers: [[StatsSyncManager]] = []
        var faulty: [FaultyProvider] = []
        for index in 0..<Int.random(in: 2...5, using: &random) {
            let device: SimulatedDevice
            if index.isMultiple(of: 2) {
                let store = try LocalStatsStore(directory: folder.appendingPathComponent("d\(index)"), now: { start + 40 * 86_400_000 })
                device = SimulatedDevice(id: store.device, replica: store)
            } else {
                guard let id = DeviceID(rawValue: "s\(seed)-d\(index)") else { throw TestSetupError("device id") }
                device = SimulatedDevice(id: id)
            }
            let id = device.id
            let parlor = FaultyProvider(server.provider(token: token, pageSize: [3, 25, 1000][Int.random(in: 0..<3, using: &random)]), seed: random.next())
            let keyValue = FaultyProvider(KeyValueSnapshotProvider(store: cloud, device: id), seed: random.next())
            faulty += [parlor, keyValue]
            let environment = SyncEnvironment(now: { start }, today: { today }, sleep: { _ in }, random: { 0 })
            let retry = RetryPolicy(maxAttempts: 2)
            managers.append([[parlor], [keyValue], [parlor, keyValue], [keyValue, parlor]].map {
                StatsSyncManager(replica: device.replica, providers: $0, retry: retry, environment: environment)
            })
            devices.append(device)
        }

        for _ in 0..<Int.random(in: 8...30, using: &random) {
            now += Int64.random(in: 1_000..<3_600_000, using: &random)
            let index = Int.random(in: 0..<devices.count, using: &random)
            let device = devices[index]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45:
                _ = await device.playGame(
                    on: firstDay.adding(days: Int.random(in: 0..<30, using: &random)), won: random.chance(0.7),
                    mistakes: Int.random(in: 0...4, using: &random), seconds: Int.random(in: 20...600, using: &random), at: now)
            case 45..<53:
                _ = await device.changeSetting(["sound", "theme", "hints"][Int.random(in: 0..<3, using: &random)], to: "v\(now)", at: now)
            case 53..<56:
                _ = await device.reset(at: now)
            default:
                await managers[index][Int.random(in: 0..<4, using: &random)].sync()
            }
        }

        // Back online for good: two full rounds reach every device with everything.
        for provider in faulty { provider.setFaults(false) }
        for _ in 0..<2 {
            for index in devices.indices {
                let report = await managers[index][2].sync()
                guard report.succeeded else { throw ScheduleFailure(seed: seed, reason: "final sync failed: \(report)") }
            }
        }
        try await check(devices: devices, managers: managers, token: token, today: today)
    }

    func check(devices: [SimulatedDevice], managers: [[StatsSyncManager]], token: String, today: PuzzleDate) async throws {
        var union = EventLog()
        for device in devices { union.insert(contentsOf: await device.authored) }
        let expected = StatsProjection.stats(of: union.events, today: today)
        let settings = SettingsProjection.values(of: union.events)
        for (index, device) in devices.enumerated() {
            let log = await device.replica.log
            guard Set(log.eventsByID.keys) == Set(union.eventsByID.keys) else {
                throw ScheduleFailure(seed: seed, reason: "device \(index) holds \(log.count) of \(union.count) events")
            }
            let stats = await managers[index][2].stats
            guard stats == expected, await managers[index][2].settings == settings else {
                throw ScheduleFailure(seed: seed, reason: "device \(index) shows \(stats), expected \(expected)")
            }
        }
        let summary = try await server.summary(token: token, today: today)
        guard summary.count == union.count, summary.stats == expected, summary.settings == settings else {
            throw ScheduleFailure(seed: seed, reason: "the server holds \(summary.count) of \(union.count) events: \(summary.stats)")
        }
    }
}

struct ScheduleFailure: Error, CustomStringConvertible {
    let seed: UInt64
    let reason: String
    var description: String { "schedule \(seed): \(reason)" }
}
