/// The framing of the local event log: records back to back, each
///
///     magic (4 bytes) | payload length (UInt32 LE) | CRC-32 of the payload (UInt32 LE) | payload
///
/// where the payload is one event's JSON. The magic starts with 0xFF, a byte that never occurs in
/// UTF-8 (so never in a payload), and no length below `maximumPayload` can contain it either: a
/// scan that lost its place finds the next record by looking for the magic, and can be fooled
/// only by a CRC field that happens to equal it, a record which then fails its own checks.
enum LogRecordFormat {
    static let magic: [UInt8] = [0xFF, 0x54, 0x53, 0x45]  // 0xFF "TSE"
    static let headerSize = 12
    /// Far above any real event (a reset naming 1,024 devices is about 80 KB).
    static let maximumPayload = 4 << 20

    /// Appends one framed record to `buffer`; returns the payload's CRC.
    @discardableResult
    static func frame(_ payload: [UInt8], into buffer: inout [UInt8]) -> UInt32 {
        let crc = payload.withUnsafeBytes { CRC32.checksum($0) }
        buffer.append(contentsOf: magic)
        appendLittleEndian(UInt32(payload.count), to: &buffer)
        appendLittleEndian(crc, to: &buffer)
        buffer.append(contentsOf: payload)
        return crc
    }

    /// The CRC stored in the header of the record at `offset` (which must be intact).
    static func storedCRC(in bytes: UnsafeRawBufferPointer, recordAt offset: Int) -> UInt32 {
        bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self).littleEndian
    }

    /// What a scan of a log file found.
    struct Scan: Equatable {
        /// Where each intact record's payload lies, in file order.
        var payloads: [Range<Int>] = []
        /// The end of the last intact record: everything after it is a torn or damaged tail.
        var validEnd = 0
        /// Bytes skipped between intact records (damage in the middle of the file).
        var skippedBytes = 0
        /// How many damaged stretches were skipped.
        var skippedRegions = 0
    }

    /// Reads records in order. A record that fails a check (magic, length, completeness, CRC) is
    /// skipped up to the next magic; if no intact record follows, the rest is the tail.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> Scan {
        var scan = Scan()
        var offset = 0
        while offset < bytes.count {
            if let payload = intactRecord(in: bytes, at: offset) {
                if offset > scan.validEnd {
                    scan.skippedBytes += offset - scan.validEnd
                    scan.skippedRegions += 1
                }
                scan.payloads.append(payload)
                offset = payload.upperBound
                scan.validEnd = offset
            } else if let next = nextMagic(in: bytes, from: offset + 1) {
                offset = next
            } else {
                break
            }
        }
        return scan
    }

    /// The payload range of the intact record starting at `offset`, or nil.
    static func intactRecord(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Range<Int>? {
        guard bytes.count - offset >= headerSize, hasMagic(bytes, at: offset) else { return nil }
        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).littleEndian)
        let crc = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self).littleEndian
        let start = offset + headerSize
        guard length <= maximumPayload, bytes.count - start >= length else { return nil }
        let payload = start..<(start + length)
        guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[payload])) == crc else { return nil }
        return payload
    }

    static func nextMagic(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var offset = start
        while offset + magic.count <= bytes.count {
            if bytes[offset] == magic[0] && hasMagic(bytes, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private static func hasMagic(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        bytes[offset] == magic[0] && bytes[offset + 1] == magic[1] && bytes[offset + 2] == magic[2]
            && bytes[offset + 3] == magic[3]
    }

    private static func appendLittleEndian(_ value: UInt32, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }
}
