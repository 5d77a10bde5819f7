import AppFoundation
import Dependencies
import Foundation
import StatsSync
import StatsSyncDevice
import Testing
import TandemFeature

@MainActor
@Suite struct StatsModelTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func model(stats: PuzzleStats, statuses: [SyncStatus], report: SyncReport = SyncReport()) -> StatsModel {
        withDependencies {
            $0.statsSync = StatsSyncClient(
                stats: { stats },
                statusUpdates: { AsyncStream { continuation in
                    for status in statuses { continuation.yield(status) }
                    continuation.finish()
                } },
                sync: { report })
            $0.date = .constant(Self.now)
        } operation: { StatsModel() }
    }

    @Test func figuresAndTheSyncLine() async {
        var stats = PuzzleStats()
        stats.gamesPlayed = 40
        stats.wins = 30
        stats.currentStreak = 4
        stats.bestStreak = 11
        stats.averageWinSeconds = 125.4
        stats.mistakesDistribution = [2: 5, 0: 20, 1: 5]
        var synced = SyncStatus()
        synced.lastSynced = Int64((Self.now.timeIntervalSince1970 - 300) * 1000)
        let model = model(stats: stats, statuses: [synced])
        #expect(model.played == "—")
        await model.appear()
        #expect(model.played == "40")
        #expect(model.winPercent == "75%")
        #expect(model.currentStreak == "4")
        #expect(model.bestStreak == "11")
        #expect(model.averageTime == "2:05")
        #expect(model.mistakes.map(\.mistakes) == [0, 1, 2])
        #expect(model.mistakes.map(\.games) == [20, 5, 5])
        #expect(model.syncLine == "Synced 5 min ago")
        #expect(!model.isEmpty)
    }

    @Test func syncingFailedAndNeverSynced() async {
        var syncing = SyncStatus()
        syncing.phase = .syncing
        let busy = model(stats: PuzzleStats(), statuses: [syncing])
        await busy.appear()
        #expect(busy.syncLine == "Syncing…")
        #expect(!busy.canSyncNow)
        #expect(busy.isEmpty)

        var failed = SyncStatus()
        failed.phase = .failed
        failed.error = "the server is unreachable"
        let broken = model(stats: PuzzleStats(), statuses: [failed])
        await broken.appear()
        #expect(broken.syncLine == "Sync failed: the server is unreachable. Your games are kept on this device.")

        let fresh = model(stats: PuzzleStats(), statuses: [SyncStatus()])
        await fresh.appear()
        #expect(fresh.syncLine == "Not synced yet.")
        #expect(fresh.averageTime == "—")
    }

    @Test func syncNowKeepsTheReport() async {
        let report = SyncReport(outcomes: [.init(provider: "parlor", received: 3, pushed: 1, attempts: 1)])
        let model = model(stats: PuzzleStats(), statuses: [], report: report)
        await model.syncNow()
        #expect(model.lastReport == report)
        #expect(model.lastReport?.succeeded == true)
    }

    @Test func anotherDevicesUploadPullsAtOnce() async {
        actor Syncs {
            var count = 0
            func add() -> Int {
                count += 1
                return count
            }
        }
        let syncs = Syncs()
        let model = withDependencies {
            $0.statsSync = StatsSyncClient(
                stats: {
                    var stats = PuzzleStats()
                    stats.gamesPlayed = await syncs.count
                    return stats
                },
                statusUpdates: { AsyncStream { $0.finish() } },
                sync: {
                    _ = await syncs.add()
                    return SyncReport()
                },
                remoteChanges: { AsyncStream { continuation in
                    for token in ["djE6Mw", "djE6NQ"] { continuation.yield(token) }
                    continuation.finish()
                } })
            $0.date = .constant(Self.now)
        } operation: { StatsModel() }
        await model.followRemoteChanges()
        #expect(await syncs.count == 2, "one pull per change the server announced")
        #expect(model.played == "2", "the figures are read again after each pull")
    }
}
