/// What a replica holds, per device: the highest sequence number `n` such that it holds every
/// event 1...n that device wrote. A peer is missing exactly the events above its entry, so two
/// replicas exchange version vectors and send each other only those.
///
/// Events beyond a gap (held, but above the contiguous prefix) are not counted; a peer may then
/// send some of them again, which set union absorbs.
public struct VersionVector: Hashable, Codable, Sendable {
    public private(set) var entries: [DeviceID: Int]

    public init(_ entries: [DeviceID: Int] = [:]) {
        self.entries = entries.filter { $0.value > 0 }
    }

    public subscript(device: DeviceID) -> Int { entries[device] ?? 0 }

    public func covers(device: DeviceID, sequence: Int) -> Bool { sequence <= self[device] }

    public func covers(_ event: StatsEvent) -> Bool { covers(device: event.device, sequence: event.sequence) }

    /// Entry-wise maximum: everything either vector covers.
    public func merged(with other: VersionVector) -> VersionVector {
        VersionVector(entries.merging(other.entries, uniquingKeysWith: max))
    }

    /// True when this vector covers everything `other` covers.
    public func dominates(_ other: VersionVector) -> Bool {
        other.entries.allSatisfy { self[$0.key] >= $0.value }
    }

    public var isEmpty: Bool { entries.isEmpty }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode([String: Int].self)
        var entries: [DeviceID: Int] = [:]
        for (key, value) in raw {
            guard let device = DeviceID(rawValue: key), value >= 0 else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "bad version vector entry '\(key)': \(value)"))
            }
            entries[device] = value
        }
        self.init(entries)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: entries.map { ($0.key.rawValue, $0.value) }))
    }
}
