import Foundation
import StatsSync

/// What a device last showed: its projected statistics and the version vector they were computed
/// from. A fresh device displays the newest summary at once, before any event has been merged.
public struct KeyValueStatsSummary: Codable, Hashable, Sendable {
    public var device: DeviceID
    /// Nil when the writer did not supply them.
    public var stats: PuzzleStats?
    /// The writer's local date the statistics were projected for (it decides the live streak).
    public var today: PuzzleDate?
    /// Everything the writer's log held when it wrote this, including events the key-value
    /// provider itself may have dropped for space.
    public var version: VersionVector
    /// When it was written, in Unix milliseconds.
    public var writtenAt: Int64

    public init(device: DeviceID, stats: PuzzleStats?, today: PuzzleDate?, version: VersionVector, writtenAt: Int64) {
        self.device = device
        self.stats = stats
        self.today = today
        self.version = version
        self.writtenAt = writtenAt
    }

    enum CodingKeys: String, CodingKey {
        case device, stats, today, version, writtenAt = "written_at"
    }
}

/// What a read of the key-value store found, including what it had to leave out.
public struct KeyValueReadReport: Sendable {
    /// The valid events found, by id.
    public var log = EventLog()
    /// `ev.` keys whose value is not a readable events value (or names another device).
    public var unreadableKeys: [String] = []
    /// Events left out because their values are impossible (`StatsEvent.problems`).
    public var invalidEvents = 0
    /// Per device, the lowest sequence its value kept, above 1 when it dropped old events for space.
    public var floors: [DeviceID: Int] = [:]

    public init() {}
}
