import StatsSync

/// The device's own copy of the log that the manager merges into: `LocalStatsStore` on a device,
/// `InMemoryReplica` in tests and tools.
public protocol StatsReplica: Actor {
    var log: EventLog { get }
    /// Unions `events` into the replica durably; returns the ones that were new.
    func append(_ events: [StatsEvent]) throws -> [StatsEvent]
    func cursor(for provider: String) -> String?
    func setCursor(_ cursor: String?, for provider: String) throws
}

/// A replica held in memory only.
public actor InMemoryReplica: StatsReplica {
    public private(set) var log: EventLog
    private var cursors: [String: String] = [:]

    public init(_ events: [StatsEvent] = []) { log = EventLog(events) }

    public func append(_ events: [StatsEvent]) -> [StatsEvent] { log.insert(contentsOf: events) }
    public func cursor(for provider: String) -> String? { cursors[provider] }
    public func setCursor(_ cursor: String?, for provider: String) { cursors[provider] = cursor }
}
