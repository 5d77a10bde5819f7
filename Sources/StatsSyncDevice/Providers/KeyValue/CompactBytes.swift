import Foundation

/// Appends the compact codec's primitives: LEB128 varints, zigzag signed integers, raw UUIDs and
/// length-prefixed UTF-8 strings.
struct CompactWriter {
    var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Zigzag: small magnitudes of either sign take few bytes.
    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func count(_ value: Int) { unsigned(UInt64(max(0, value))) }

    mutating func uuid(_ id: UUID) {
        withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        count(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }
}

/// Why bytes are not a compact value. Data from the cloud is untrusted: every read is checked.
struct CompactDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// Reads what `CompactWriter` writes, refusing anything out of bounds or malformed.
struct CompactReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(CompactDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw CompactDecodingError(reason: "unexpected end at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func unsigned() throws(CompactDecodingError) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<10 {
            let next = try byte()
            // The tenth byte may hold only the top bit of 64.
            if index == 9 && next > 1 { throw CompactDecodingError(reason: "varint overflows 64 bits") }
            value |= UInt64(next & 0x7F) << UInt64(7 * index)
            if next & 0x80 == 0 { return value }
        }
        throw CompactDecodingError(reason: "varint longer than 10 bytes")
    }

    mutating func signed() throws(CompactDecodingError) -> Int64 {
        let raw = try unsigned()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// A count of items that each take at least `minimumSize` bytes: never more than could fit.
    mutating func count(minimumSize: Int = 1) throws(CompactDecodingError) -> Int {
        let raw = try unsigned()
        guard raw <= UInt64(remaining / max(1, minimumSize)) else {
            throw CompactDecodingError(reason: "a count of \(raw) exceeds the remaining \(remaining) bytes")
        }
        return Int(raw)
    }

    mutating func uuid() throws(CompactDecodingError) -> UUID {
        guard remaining >= 16 else { throw CompactDecodingError(reason: "truncated id") }
        let b = bytes[offset..<(offset + 16)].map { $0 }
        offset += 16
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// A length-prefixed string; nil (after consuming it) when the bytes are not UTF-8.
    mutating func string() throws(CompactDecodingError) -> String? {
        let length = try count()
        defer { offset += length }
        return String(bytes: bytes[offset..<(offset + length)], encoding: .utf8)
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    mutating func expect(_ expected: [UInt8]) throws(CompactDecodingError) {
        guard remaining >= expected.count, bytes[offset..<(offset + expected.count)].elementsEqual(expected) else {
            throw CompactDecodingError(reason: "not a compact stats value")
        }
        offset += expected.count
    }
}
