import AppFoundation
import Dependencies
import Foundation
import Observation
import StatsSync
import StatsSyncDevice

/// Tandem's stats screen: the figures (played, win %, streaks, average time, mistakes) and the
/// sync line ("Synced 5 min ago", "Syncing…", the failure), with "Sync now".
@MainActor @Observable
public final class StatsModel {
    public private(set) var stats: PuzzleStats?
    public private(set) var status = SyncStatus()
    public private(set) var lastReport: SyncReport?

    @ObservationIgnored @Dependency(\.statsSync) private var client
    @ObservationIgnored @Dependency(\.date.now) private var now

    public init() {}

    public var isEmpty: Bool { stats.map { $0.gamesPlayed == 0 } ?? false }
    public var played: String { stats.map { "\($0.gamesPlayed)" } ?? "—" }
    public var winPercent: String { stats.map { "\(Int(($0.winRate * 100).rounded()))%" } ?? "—" }
    public var currentStreak: String { stats.map { "\($0.currentStreak)" } ?? "—" }
    public var bestStreak: String { stats.map { "\($0.bestStreak)" } ?? "—" }
    public var averageTime: String {
        guard let seconds = stats?.averageWinSeconds else { return "—" }
        return Formatting.clock(.milliseconds(Int64((seconds * 1000).rounded())))
    }
    /// Counted games by mistakes, 0 first, for the bar chart.
    public var mistakes: [(mistakes: Int, games: Int)] {
        (stats?.mistakesDistribution ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The sync line under the figures.
    public var syncLine: String {
        switch status.phase {
        case .syncing: return "Syncing…"
        case .failed: return "Sync failed: " + (status.error ?? "unknown error") + ". Your games are kept on this device."
        default:
            guard let last = status.lastSynced else { return "Not synced yet." }
            let date = Date(timeIntervalSince1970: Double(last) / 1000)
            return "Synced " + Formatting.relative(date, to: now)
        }
    }

    public var canSyncNow: Bool { !status.isSyncing }

    /// Reads the figures and follows the sync status until the screen goes.
    public func appear() async {
        stats = await client.stats()
        for await update in await client.statusUpdates() {
            status = update
            stats = await client.stats()
        }
    }

    /// Pulls at once whenever the server says another device changed the stats, until the
    /// screen goes; a change that arrives during a sync is covered by that sync's pull.
    public func followRemoteChanges() async {
        for await _ in await client.remoteChanges() where canSyncNow {
            await syncNow()
        }
    }

    public func syncNow() async {
        guard canSyncNow else { return }
        lastReport = await client.sync()
        stats = await client.stats()
    }
}
