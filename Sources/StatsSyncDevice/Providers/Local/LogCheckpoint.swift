import Foundation
import StatsSync

/// A compact copy of the events in the log's first `coveredBytes`, so that opening a long log
/// decodes JSON only for the records written since (JSON decoding is most of the cost of an open:
/// about 7 µs an event). The log stays the only source of truth: a checkpoint that is damaged,
/// from another log, or covering more than the log now holds is ignored, and the log read in full.
///
///     magic 0xFF "TCP" | coveredBytes | lastRecordOffset | lastRecordCRC | eventCount
///       | skippedBytes | skippedRegions | undecodableRecords | compact events | CRC-32 (UInt32 LE)
///
/// (varints, the events as `CompactEventCodec`). The covered prefix's last record is checked to
/// be intact, to end at `coveredBytes` and to carry `lastRecordCRC`: its payload holds a random
/// event id, so another log does not pass.
struct LogCheckpoint: Equatable {
    static let magic: [UInt8] = [0xFF, 0x54, 0x43, 0x50]
    /// Records appended past the checkpoint before a new one is written.
    static let interval = 1000

    var coveredBytes: Int
    var lastRecordOffset: Int
    var lastRecordCRC: UInt32
    var skippedBytes: Int
    var skippedRegions: Int
    var undecodableRecords: Int
    var events: [StatsEvent]

    func encoded() -> Data {
        var writer = CompactWriter()
        writer.bytes = Self.magic
        let fields = [
            coveredBytes, lastRecordOffset, Int(lastRecordCRC), events.count, skippedBytes, skippedRegions,
            undecodableRecords,
        ]
        for value in fields {
            writer.count(value)
        }
        writer.bytes += CompactEventCodec.encode(CompactEventCodec.groups(of: events))
        let crc = writer.bytes.withUnsafeBytes { CRC32.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { writer.bytes.append(contentsOf: $0) }
        return Data(writer.bytes)
    }

    /// The checkpoint in `data` if it is intact, lossless and matches `log`; nil otherwise.
    static func decode(_ data: Data, matching log: UnsafeRawBufferPointer) -> LogCheckpoint? {
        let bytes = [UInt8](data)
        guard bytes.count > magic.count + 4 else { return nil }
        let body = bytes[..<(bytes.count - 4)]
        let stored = bytes[(bytes.count - 4)...].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard body.withUnsafeBytes({ CRC32.checksum($0) }) == stored else { return nil }
        var reader = CompactReader(Array(body))
        guard (try? reader.expect(magic)) != nil else { return nil }
        var fields: [Int] = []
        for _ in 0..<7 {
            guard let raw = try? reader.unsigned(), let value = Int(exactly: raw) else { return nil }
            fields.append(value)
        }
        guard let groups = try? CompactEventCodec.decode(reader.rest()) else { return nil }
        let checkpoint = LogCheckpoint(
            coveredBytes: fields[0], lastRecordOffset: fields[1], lastRecordCRC: UInt32(truncatingIfNeeded: fields[2]),
            skippedBytes: fields[4], skippedRegions: fields[5], undecodableRecords: fields[6],
            events: groups.flatMap(\.events))
        // Lossless (every event decoded) and about this very log.
        guard groups.allSatisfy({ $0.invalidEvents == 0 }), checkpoint.events.count == fields[3],
            checkpoint.coveredBytes <= log.count, checkpoint.lastRecordOffset < checkpoint.coveredBytes,
            let last = LogRecordFormat.intactRecord(in: log, at: checkpoint.lastRecordOffset),
            last.upperBound == checkpoint.coveredBytes,
            LogRecordFormat.storedCRC(in: log, recordAt: checkpoint.lastRecordOffset) == checkpoint.lastRecordCRC
        else { return nil }
        return checkpoint
    }
}
