import Foundation
import StatsSync

/// Statistics in a small synced key-value store (iCloud's `NSUbiquitousKeyValueStore`: 1 MB,
/// 1,024 keys), provider name "icloud-kv".
///
/// Each device writes only its own keys (see `KeyValueLayout`): `ev.<device>` holds the events
/// that device authored, compactly encoded (`CompactEventCodec`, about 27 bytes a game), and
/// `summary.<device>` its last statistics. A key has a single writer, so the store's per-key
/// last-writer-wins never loses an event, however devices interleave. A fetch reads every device's
/// key, so events reach other devices through their author's key; events authored elsewhere are
/// not written here by anyone else.
///
/// **The space trade-off.** The store is small and shared. A device's events may take at most its
/// fair share (the total over the devices that have keys plus one, so a newcomer always finds
/// room: half the store, some 19,000 daily games, for a single device) and no more than the space
/// the other keys leave; when its history is larger, it keeps its newest events that fit and records in the value
/// the floor sequence where it cut. The provider then is a window, not an archive: the version it
/// reports is computed from the events actually present (a device's entry is the gap-free prefix
/// from 1, so 0 once the oldest were dropped), never claiming what it dropped. The manager will keep
/// offering those old events; `push` recognises that nothing changes and writes nothing. The full
/// history lives in the local store and the primary provider (the Parlor server or CloudKit).
///
/// Pushes from one device must not run concurrently (the sync manager serialises them): a push
/// reads, merges and rewrites the device's own key.
public struct KeyValueSnapshotProvider: StatsProvider {
    /// Kept for a device's summary when it has none yet.
    public static let summaryReserve = 2048
    public static let systemClock: @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    public let name = "icloud-kv"
    public let store: any KeyValueStore
    public let device: DeviceID
    let now: @Sendable () -> Int64

    /// `now` (Unix milliseconds) bounds the timestamps of events read from the store.
    public init(store: any KeyValueStore, device: DeviceID, now: @escaping @Sendable () -> Int64 = Self.systemClock) {
        self.store = store
        self.device = device
        self.now = now
    }

    public func availability() async -> ProviderAvailability { await store.availability() }

    public func fetch(missingFrom local: VersionVector, cursor: String?) async -> ProviderSnapshot {
        let report = await read()
        return ProviderSnapshot(events: report.log.events(notCoveredBy: local), version: report.log.version)
    }

    /// Reads every device's events. The store is untrusted: a value that does not decode, or names a
    /// device other than its key's, is skipped, and so is every event with impossible values.
    public func read() async -> KeyValueReadReport {
        await store.synchronize()
        var report = KeyValueReadReport()
        let checkedAt = now()
        for key in await store.allKeys().sorted() {
            guard case .events(let token, _) = KeyValueLayout.parse(key), let data = await store.data(forKey: key) else {
                continue
            }
            guard let groups = try? CompactEventCodec.decode(Array(data)), groups.count == 1, let group = groups.first,
                KeyValueLayout.token(for: group.device) == token
            else {
                report.unreadableKeys.append(key)
                continue
            }
            report.invalidEvents += group.invalidEvents
            report.floors[group.device] = min(report.floors[group.device] ?? group.floor, group.floor)
            for event in group.events {
                if event.problems(now: checkedAt).isEmpty {
                    report.log.insert(event)
                } else {
                    report.invalidEvents += 1
                }
            }
        }
        return report
    }

    /// Writes this device's summary for other devices to show before they have merged its events.
    public func publishSummary(stats: PuzzleStats?, today: PuzzleDate?, version: VersionVector) async throws {
        let summary = KeyValueStatsSummary(device: device, stats: stats, today: today, version: version, writtenAt: now())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await set(try encoder.encode(summary), forKey: KeyValueLayout.summaryKey(for: device))
        await store.synchronize()
    }

    /// Every device's readable summary, newest first; unreadable ones are skipped.
    public func summaries() async -> [KeyValueStatsSummary] {
        var summaries: [KeyValueStatsSummary] = []
        for key in await store.allKeys() {
            guard case .summary(let token) = KeyValueLayout.parse(key), let data = await store.data(forKey: key),
                let summary = try? JSONDecoder().decode(KeyValueStatsSummary.self, from: data),
                KeyValueLayout.token(for: summary.device) == token
            else { continue }
            summaries.append(summary)
        }
        return summaries.sorted { ($0.writtenAt, $0.device) > ($1.writtenAt, $1.device) }
    }

    /// Sets a value, turning the store's refusal into a provider error.
    func set(_ data: Data, forKey key: String) async throws {
        do {
            try await store.set(data, forKey: key)
        } catch let quota as KeyValueQuotaError {
            throw StatsProviderError.quotaExceeded(quota.description)
        } catch let error as StatsProviderError {
            throw error
        } catch {
            throw StatsProviderError.transient("\(error)")
        }
    }
}

extension KeyValueSnapshotProvider: StatsSummaryPublishing {}
