import AppFoundation
import Dependencies
import ParlorAPI
import ParlorClient
import StatsSync
import StatsSyncDevice

/// Tandem's outside effects: the device's stats and their sync, over a ``StatsSyncManager``, and
/// the server's word that another device changed them.
public struct StatsSyncClient: Sendable {
    public var stats: @Sendable () async -> PuzzleStats
    public var statusUpdates: @Sendable () async -> AsyncStream<SyncStatus>
    public var sync: @Sendable () async -> SyncReport
    /// One element each time the server says the account's synced stats changed elsewhere (its
    /// `sync_changed`): the change token it now holds.
    public var remoteChanges: @Sendable () async -> AsyncStream<String>

    public init(
        stats: @escaping @Sendable () async -> PuzzleStats, statusUpdates: @escaping @Sendable () async -> AsyncStream<SyncStatus>,
        sync: @escaping @Sendable () async -> SyncReport,
        remoteChanges: @escaping @Sendable () async -> AsyncStream<String> = { AsyncStream { $0.finish() } }
    ) {
        self.stats = stats
        self.statusUpdates = statusUpdates
        self.sync = sync
        self.remoteChanges = remoteChanges
    }

    /// Over `manager`; with `server`, its real-time connection says when another device uploaded.
    public static func live(_ manager: StatsSyncManager, server: ParlorClient? = nil) -> StatsSyncClient {
        StatsSyncClient(
            stats: { await manager.stats }, statusUpdates: { await manager.statusUpdates() }, sync: { await manager.sync() },
            remoteChanges: { server.map(Self.changes(from:)) ?? AsyncStream { $0.finish() } })
    }

    /// The `sync_changed` messages of a real-time connection of the client's own, closed when
    /// the consumer stops listening.
    static func changes(from server: ParlorClient) -> AsyncStream<String> {
        AsyncStream { continuation in
            let task = Task {
                guard let realtime = await server.realtime() else { return continuation.finish() }
                for await event in await realtime.userEvents() {
                    if case .syncChanged(let changed) = event { continuation.yield(changed.changeToken) }
                    if Task.isCancelled { break }
                }
                await realtime.connection.close()
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
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
