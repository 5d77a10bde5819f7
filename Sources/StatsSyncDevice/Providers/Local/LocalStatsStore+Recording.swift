import Foundation
import StatsSync

extension LocalStatsStore {
    /// Records a new event written by this device: the next sequence number (gap-free), the time
    /// from `now`, a fresh id. Refused with `StatsProviderError.rejected` if it breaks a limit.
    @discardableResult
    public func record(_ payload: StatsEvent.Payload) throws -> StatsEvent {
        let event = try makeEvent(payload)
        try commit([event])
        return event
    }

    /// A finished game.
    @discardableResult
    public func recordGame(_ game: GameCompletion) throws -> StatsEvent {
        try record(.gameCompleted(game))
    }

    /// Sets a setting. The change carries a new reading of this device's hybrid clock (written to
    /// the metadata before the event) and names the change it replaces, the current winner.
    @discardableResult
    public func changeSetting(key: String, value: String) throws -> StatsEvent {
        var updated = metadata
        let reading = updated.clock.tick(now: now())
        let change = SettingChange(key: key, value: value, clock: reading, supersedes: settingWinners[key]?.id)
        let event = try makeEvent(.settingChanged(change))
        // A clock written ahead of its event is harmless; an event ahead of its clock is repaired
        // on the next open, but only if the log survives, so the clock goes first.
        try save(updated)
        try commit([event])
        return event
    }

    /// Erases every game this device has seen so far, here and, once synced, everywhere.
    @discardableResult
    public func resetStats() throws -> StatsEvent {
        try record(.statsReset(StatsReset(seen: log.version)))
    }

    private func makeEvent(_ payload: StatsEvent.Payload) throws -> StatsEvent {
        let timestamp = now()
        let event = StatsEvent(
            id: UUID(), device: device, sequence: log.highestSequence(of: device) + 1, timestamp: timestamp,
            payload: payload)
        let problems = event.problems(now: timestamp)
        guard problems.isEmpty else {
            throw StatsProviderError.rejected(problems.map(\.description).joined(separator: "; "))
        }
        return event
    }
}
