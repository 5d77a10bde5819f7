import Foundation

/// A replica's events: a grow-only set keyed by event id. Merging is set union, so it is
/// commutative, associative and idempotent; replicas that have seen the same events hold the same
/// log whatever order and however many times the events arrived.
public struct EventLog: Sendable, Equatable {
    public private(set) var eventsByID: [UUID: StatsEvent] = [:]
    private var sequences: [DeviceID: DeviceSequences] = [:]

    public init() {}

    public init(_ events: some Sequence<StatsEvent>) {
        insert(contentsOf: events)
    }

    public var count: Int { eventsByID.count }
    public var events: Dictionary<UUID, StatsEvent>.Values { eventsByID.values }

    public func contains(_ id: UUID) -> Bool { eventsByID[id] != nil }

    /// Adds `event` unless an event with its id is already held (the first copy stays: events are
    /// immutable, so a second copy is a repeat delivery). Returns whether the log grew.
    @discardableResult
    public mutating func insert(_ event: StatsEvent) -> Bool {
        guard eventsByID[event.id] == nil else { return false }
        eventsByID[event.id] = event
        sequences[event.device, default: DeviceSequences()].add(event.sequence)
        return true
    }

    /// Inserts each event; returns the ones that were new, in the order given.
    @discardableResult
    public mutating func insert(contentsOf events: some Sequence<StatsEvent>) -> [StatsEvent] {
        events.filter { insert($0) }
    }

    /// Set union.
    public func merged(with other: EventLog) -> EventLog {
        var result = self
        result.insert(contentsOf: other.events)
        return result
    }

    /// Per device, the longest gap-free prefix of sequence numbers held.
    public var version: VersionVector {
        VersionVector(sequences.mapValues(\.contiguous))
    }

    /// The highest sequence number held for `device`, gap or not.
    public func highestSequence(of device: DeviceID) -> Int { sequences[device]?.highest ?? 0 }

    /// Events a replica whose version is `peer` may lack, ordered by device then sequence so that a
    /// receiver that stops halfway still holds gap-free prefixes.
    public func events(notCoveredBy peer: VersionVector) -> [StatsEvent] {
        eventsByID.values.filter { !peer.covers($0) }.sorted(by: StatsEvent.deliveryOrder)
    }
}

extension StatsEvent {
    /// Device, then sequence: the order in which a peer should receive events.
    public static func deliveryOrder(_ a: StatsEvent, _ b: StatsEvent) -> Bool {
        (a.device, a.sequence, a.id.uuidString) < (b.device, b.sequence, b.id.uuidString)
    }
}

/// The sequence numbers held for one device: the contiguous prefix plus any held beyond a gap.
private struct DeviceSequences: Sendable, Equatable {
    var contiguous = 0
    var beyondGap: Set<Int> = []
    var highest = 0

    mutating func add(_ sequence: Int) {
        highest = max(highest, sequence)
        guard sequence > contiguous else { return }
        beyondGap.insert(sequence)
        while beyondGap.remove(contiguous + 1) != nil { contiguous += 1 }
    }
}
