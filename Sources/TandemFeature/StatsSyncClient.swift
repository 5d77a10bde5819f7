import AppFoundation
import Dependencies
import StatsSync
import StatsSyncDevice

/// Tandem's outside effects: the device's stats and their sync, over a ``StatsSyncManager``.
public struct StatsSyncClient: Sendable {
    public var stats: @Sendable () async -> PuzzleStats
    public var statusUpdates: @Sendable () async -> AsyncStream<SyncStatus>
    public var sync: @Sendable () async -> SyncReport

    public init(
        stats: @escaping @Sendable () async -> PuzzleStats, statusUpdates: @escaping @Sendable () async -> AsyncStream<SyncStatus>,
        sync: @escaping @Sendable () async -> SyncReport
    ) {
        self.stats = stats
        self.statusUpdates = statusUpdates
        self.sync = sync
    }

    public static func live(_ manager: StatsSyncManager) -> StatsSyncClient {
        StatsSyncClient(stats: { await manager.stats }, statusUpdates: { await manager.statusUpdates() }, sync: { await manager.sync() })
    }
}

extension StatsSyncClient: TestDependencyKey {
    /// The app builds its manager (its replica file and providers) and sets this dependency.
    public static var testValue: StatsSyncClient {
        StatsSyncClient(
            stats: {
                reportIssue("StatsSyncClient.stats is not set in this test")
                return PuzzleStats()
            },
            statusUpdates: {
                reportIssue("StatsSyncClient.statusUpdates is not set in this test")
                return AsyncStream { $0.finish() }
            },
            sync: {
                reportIssue("StatsSyncClient.sync is not set in this test")
                return SyncReport()
            })
    }
}

extension DependencyValues {
    public var statsSync: StatsSyncClient {
        get { self[StatsSyncClient.self] }
        set { self[StatsSyncClient.self] = newValue }
    }
}
