import Foundation
import StatsSync

/// Builds events the way a device writes them: one device's sequence numbers from 1, times just
/// before the server's clock.
public struct SyncEventFactory: Sendable {
    public let now: Int64

    public init(now: Date) { self.now = Int64(now.timeIntervalSince1970 * 1000) }

    public var today: PuzzleDate { PuzzleDate(unixMillis: now) }

    public func device(_ name: String) -> DeviceID { DeviceID(rawValue: name)! }

    /// A completed puzzle `daysAgo` days before today.
    public func game(
        _ device: String, _ seq: Int, daysAgo: Int = 0, won: Bool = true, mistakes: Int = 0, seconds: Int = 60, hints: Int = 0,
        id: UUID = UUID()
    ) -> StatsEvent {
        StatsEvent(
            id: id, device: self.device(device), sequence: seq, timestamp: now - Int64(daysAgo) * 86_400_000 - 1000,
            payload: .gameCompleted(
                GameCompletion(puzzleDate: today.adding(days: -daysAgo), won: won, mistakes: mistakes, seconds: seconds, hintsUsed: hints)))
    }

    public func setting(_ device: String, _ seq: Int, _ key: String, _ value: String, millis: Int64? = nil) -> StatsEvent {
        let at = millis ?? now - 500
        return StatsEvent(
            device: self.device(device), sequence: seq, timestamp: at,
            payload: .settingChanged(
                SettingChange(key: key, value: value, clock: HybridTimestamp(millis: at, counter: 0, device: self.device(device)))))
    }

    public func reset(_ device: String, _ seq: Int, seen: [String: Int]) -> StatsEvent {
        StatsEvent(
            device: self.device(device), sequence: seq, timestamp: now - 100,
            payload: .statsReset(
                StatsReset(seen: VersionVector(Dictionary(uniqueKeysWithValues: seen.map { (self.device($0.key), $0.value) })))))
    }

    /// Games on consecutive days from one device, sequence numbers `seqs`.
    public func games(_ device: String, _ seqs: ClosedRange<Int>) -> [StatsEvent] {
        seqs.map { game(device, $0, daysAgo: $0 % 30, won: $0 % 3 != 0, mistakes: $0 % 4, seconds: 30 + $0, hints: $0 % 2) }
    }
}

/// StatsSync's own JSON form of an event, as a mutable object for tests that break it.
public func wireObject(_ event: StatsEvent) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as! [String: Any]
}

/// `{"events":[…]}`.
public func batchBody(_ events: [StatsEvent]) throws -> Data {
    try batchBody(events.map(wireObject))
}

public func batchBody(_ objects: [[String: Any]]) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["events": objects])
}
