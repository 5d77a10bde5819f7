import Foundation
import StatsSync

/// A compact binary form of events, for stores where bytes are scarce (iCloud key-value: 1 MB for
/// everything). About 27 bytes for a game against about 230 as JSON.
///
///     value  = magic "TSK\u{1}" | group count | groups
///     group  = device (string) | floor (signed) | event count | events, by sequence
///     event  = Δsequence | id (16 bytes) | Δtimestamp | tag | payload
///     game   = Δday (from the timestamp's UTC day) | mistakes | seconds | hints; tag bits won, synthetic
///     setting= key | value | clock millis − timestamp | counter | [clock device] | [supersedes id]
///     reset  = entry count | (device | sequence)*
///
/// Integers are zigzag LEB128 varints, deltas are from the previous event of the group (wrapping,
/// so any value round-trips), strings are length-prefixed UTF-8. Every event of a group was written
/// by the group's device, which is therefore stored once. Decoding treats the bytes as untrusted:
/// malformed structure throws, well-formed events with impossible values are counted and left out.
enum CompactEventCodec {
    static let magic: [UInt8] = [0x54, 0x53, 0x4B, 0x01]
    /// The fewest bytes an event takes, to bound counts read from untrusted bytes.
    static let minimumEventSize = 19

    struct Group: Equatable, Sendable {
        var device: DeviceID
        /// The lowest sequence number kept; a writer that had to drop its oldest events to stay
        /// within a budget records where it cut. Informational: versions are computed from events.
        var floor: Int
        var events: [StatsEvent]
        /// Well-formed events whose values are not a valid event, left out (decoding only).
        var invalidEvents = 0
    }

    /// One group per device, floor 1.
    static func groups(of events: some Sequence<StatsEvent>) -> [Group] {
        Dictionary(grouping: events, by: \.device)
            .map { Group(device: $0.key, floor: 1, events: $0.value) }
            .sorted { $0.device < $1.device }
    }

    /// Encodes `groups`; an event whose device is not its group's is left out.
    static func encode(_ groups: [Group]) -> [UInt8] {
        var writer = CompactWriter()
        writer.bytes = magic
        writer.count(groups.count)
        for group in groups {
            writer.string(group.device.rawValue)
            writer.signed(Int64(group.floor))
            let events = group.events.filter { $0.device == group.device }.sorted(by: bySequence)
            writer.count(events.count)
            var previous = Previous()
            for event in events { encode(event, into: &writer, previous: &previous) }
        }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(CompactDecodingError) -> [Group] {
        var reader = CompactReader(bytes)
        try reader.expect(magic)
        let groupCount = try reader.count(minimumSize: 4)
        var groups: [Group] = []
        for _ in 0..<groupCount {
            guard let raw = try reader.string(), let device = DeviceID(rawValue: raw) else {
                throw CompactDecodingError(reason: "a group's device is not a device id")
            }
            guard let floor = Int(exactly: try reader.signed()) else {
                throw CompactDecodingError(reason: "a group's floor is out of range")
            }
            let count = try reader.count(minimumSize: minimumEventSize)
            var group = Group(device: device, floor: floor, events: [])
            var previous = Previous()
            for _ in 0..<count {
                if let event = try decodeEvent(of: device, from: &reader, previous: &previous) {
                    group.events.append(event)
                } else {
                    group.invalidEvents += 1
                }
            }
            groups.append(group)
        }
        guard reader.isAtEnd else { throw CompactDecodingError(reason: "\(reader.remaining) bytes after the last group") }
        return groups
    }

    /// One device's events (sorted by sequence) as values of at most `maximumBytes` each, every
    /// value a complete single-group encoding. Nil when one event alone cannot fit.
    static func encodeChunks(device: DeviceID, floor: Int, events: [StatsEvent], maximumBytes: Int) -> [[UInt8]]? {
        var header = CompactWriter()
        header.bytes = magic
        header.count(1)
        header.string(device.rawValue)
        header.signed(Int64(floor))
        // The event count's varint, at its widest for any count that fits.
        let room = maximumBytes - header.bytes.count - 5
        var chunks: [[UInt8]] = []
        var body = CompactWriter()
        var count = 0
        var previous = Previous()
        func finish() {
            var value = header
            value.count(count)
            value.bytes.append(contentsOf: body.bytes)
            chunks.append(value.bytes)
        }
        for event in events where event.device == device {
            var scratch = CompactWriter()
            var next = previous
            encode(event, into: &scratch, previous: &next)
            if body.bytes.count + scratch.bytes.count > room {
                guard count > 0 else { return nil }
                finish()
                body = CompactWriter()
                count = 0
                next = Previous()
                scratch = CompactWriter()
                encode(event, into: &scratch, previous: &next)
                guard scratch.bytes.count <= room else { return nil }
            }
            body.bytes.append(contentsOf: scratch.bytes)
            previous = next
            count += 1
        }
        guard room >= 0 else { return nil }
        finish()
        return chunks
    }

    /// Sequence, then id: a deterministic order, so equal sets encode to equal bytes.
    static func bySequence(_ a: StatsEvent, _ b: StatsEvent) -> Bool {
        a.sequence != b.sequence ? a.sequence < b.sequence : a.id.uuidString < b.id.uuidString
    }
}
