import Foundation

/// Works out the `SyncConflictReport` for events arriving from another replica.
public enum ConflictDetector {
    /// `local` is this device's log before the merge; `incoming` what a provider sent, and
    /// `remoteVersion` what that provider holds (so "the other side" can be projected).
    public static func report(
        local: EventLog, incoming: [StatsEvent], remoteVersion: VersionVector, today: PuzzleDate
    ) -> SyncConflictReport {
        let arrivals = incoming.filter { !local.contains($0.id) }
        let merged = local.merged(with: EventLog(arrivals))
        let otherEvents = local.events.filter { remoteVersion.covers($0) } + arrivals
        return SyncConflictReport(
            thisDevice: StatsProjection.stats(of: local.events, today: today),
            other: StatsProjection.stats(of: otherEvents, today: today),
            merged: StatsProjection.stats(of: merged.events, today: today),
            duplicateCompletions: duplicates(local: local, arrivals: arrivals, merged: merged),
            settingConflicts: settingConflicts(local: local, arrivals: arrivals, merged: merged))
    }

    static func duplicates(local: EventLog, arrivals: [StatsEvent], merged: EventLog) -> [DuplicateCompletion] {
        let mine = StatsProjection.countedCompletions(local.events).winners
        let all = StatsProjection.countedCompletions(merged.events).winners
        let theirs = StatsProjection.countedCompletions(arrivals).winners
        return theirs.compactMap { date, other in
            guard let thisDevice = mine[date], let counted = all[date] else { return nil }
            return DuplicateCompletion(puzzleDate: date, thisDevice: thisDevice, other: other, counted: counted)
        }.sorted { $0.puzzleDate < $1.puzzleDate }
    }

    static func settingConflicts(local: EventLog, arrivals: [StatsEvent], merged: EventLog) -> [SettingConflict] {
        let mine = SettingsProjection.winners(of: local.events)
        let theirs = SettingsProjection.winners(of: arrivals)
        let winners = SettingsProjection.winners(of: merged.events)
        return theirs.compactMap { key, other in
            guard let thisDevice = mine[key], let result = winners[key],
                !isAncestor(thisDevice.id, of: other, in: merged), !isAncestor(other.id, of: thisDevice, in: merged)
            else { return nil }
            return SettingConflict(key: key, thisDevice: thisDevice, other: other, merged: result)
        }.sorted { $0.key < $1.key }
    }

    /// Whether `event` was written after its device saw `ancestor`, following `supersedes` links.
    static func isAncestor(_ ancestor: UUID, of event: StatsEvent, in log: EventLog) -> Bool {
        var next = event.settingChange?.supersedes
        var steps = 0
        while let id = next, steps <= log.count {
            if id == ancestor { return true }
            next = log.eventsByID[id]?.settingChange?.supersedes
            steps += 1
        }
        return false
    }
}
