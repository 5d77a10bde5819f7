import Foundation

/// Encodes an `Encodable` value straight into JSON bytes in one pass, as `JSONEncoder` with its
/// default strategies would (keys as the types name them, `Data` as Base64, `URL` as its string,
/// dates as seconds since 2001), but without first building a tree of every value, work that
/// every frame of every move would otherwise pay for.
///
/// A value is written in the order its `encode(to:)` writes it, so the one thing it cannot do
/// is go back into a container it has left (two nested containers written in turn); that
/// throws ``Unsupported``, and ``encodeOrFallback(_:)`` then asks `JSONEncoder` instead. Keys come
/// out in the order they are written; JSON objects have no order, and no reader here needs one.
package struct DirectJSONEncoder: Sendable {
    /// The value encodes in a way only a tree-building encoder supports.
    package struct Unsupported: Error, CustomStringConvertible {
        package let description: String
    }

    package init() {}

    package func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = JSONSink()
        try sink.encodeValue(value, codingPath: [])
        return sink.bytes
    }

    /// The value's JSON: direct when it can, by `JSONEncoder` when it cannot.
    package func encodeOrFallback(_ value: some Encodable) throws -> [UInt8] {
        do {
            return try encode(value)
        } catch is Unsupported {
            return Array(try GameJSON.encoder().encode(value))
        }
    }
}

/// The bytes written so far and the containers still open, innermost last.
///
/// One sink serves one `encode` call on one thread, and no access to its state overlaps another
/// (no method holds `bytes` while it calls out), so its properties skip the run-time exclusivity
/// check a class's stored property otherwise gets on every access, which on every byte written
/// would be a large part of encoding a move's frames.
final class JSONSink {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var open: [(id: Int, closer: UInt8, count: Int)] = []
    @exclusivity(unchecked) private var nextID = 0

    init() { bytes.reserveCapacity(1024) }

    /// Writes one value: primitives directly, anything else by its own `encode(to:)`. A value
    /// that writes nothing at all is `{}`, as with `JSONEncoder`.
    func encodeValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if try writeSpecial(value) { return }
        let depth = open.count
        let start = bytes.count
        try value.encode(to: DirectEncoder(sink: self, codingPath: codingPath))
        try close(downTo: depth)
        if bytes.count == start { bytes.append(contentsOf: "{}".utf8) }
    }

    /// Values `JSONEncoder` writes its own way, and primitives written without a detour.
    private func writeSpecial<T: Encodable>(_ value: T) throws -> Bool {
        // Compared by type first: a failed dynamic cast per value would cost more than the write.
        let type = T.self
        if type == String.self, let string = value as? String {
            write(string)
        } else if type == Int.self, let int = value as? Int {
            write(Int64(int))
        } else if type == [String].self, let strings = value as? [String] {
            bytes.append(UInt8(ascii: "["))
            for (index, string) in strings.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string)
            }
            bytes.append(UInt8(ascii: "]"))
        } else if type == Bool.self, let bool = value as? Bool {
            bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        } else if type == Double.self, let double = value as? Double {
            try write(double)
        } else if type == Data.self, let data = value as? Data {
            write(data.base64EncodedString())
        } else if type == URL.self, let url = value as? URL {
            write(url.absoluteString)
        } else if type == Decimal.self, let decimal = value as? Decimal {
            bytes.append(contentsOf: decimal.description.utf8)
        } else {
            return false
        }
        return true
    }

    // MARK: Containers

    /// Opens an object or an array; its id is how a container later finds its place.
    func openContainer(object: Bool) -> Int {
        nextID += 1
        open.append((nextID, object ? UInt8(ascii: "}") : UInt8(ascii: "]"), 0))
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextID
    }

    /// Makes container `id` the innermost open one again (closing any nested container it
    /// left), then counts and separates its next element. Throws when `id` is already closed.
    func beginElement(of id: Int) throws {
        guard let index = open.lastIndex(where: { $0.id == id }) else {
            throw DirectJSONEncoder.Unsupported(description: "a container was written to after it was left")
        }
        try close(downTo: index + 1)
        if open[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[index].count += 1
    }

    func count(of id: Int) -> Int { open.last(where: { $0.id == id })?.count ?? 0 }

    func isOpen(_ id: Int) -> Bool { open.contains { $0.id == id } }

    func close(downTo depth: Int) throws {
        while open.count > depth { bytes.append(open.removeLast().closer) }
    }

    // MARK: Primitives

    func write(_ string: String) { Self.appendQuoted(string, to: &bytes) }

    /// Works on the buffer passed in rather than on `bytes` byte by byte, and on a string's
    /// contiguous UTF-8 where it has one (every native string): the scan for bytes to escape and
    /// the copy are then plain loops over memory, not `String.UTF8View`'s generic iteration.
    static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if string.utf8.withContiguousStorageIfAvailable({ appendEscaping($0, to: &bytes) }) == nil {
            Array(string.utf8).withUnsafeBufferPointer { appendEscaping($0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `utf8` as the inside of a JSON string: copied whole when nothing in it needs escaping.
    private static func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if utf8.contains(where: needsEscape) {
            for byte in utf8 { appendEscaped(byte, to: &bytes) }
        } else {
            bytes.append(contentsOf: utf8)
        }
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "/"): bytes.append(contentsOf: #"\/"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    func write(_ int: Int64) { Self.appendDecimal(int, to: &bytes) }

    func write(_ uint: UInt64) { Self.appendDecimal(uint, to: &bytes) }

    /// Every other integer type: without an overload of its own, a container would hand it to
    /// the generic path, whose `encode(to:)` would hand it straight back.
    func write(integer: some FixedWidthInteger) { Self.appendDecimal(integer, to: &bytes) }

    /// The integer's decimal digits, written straight into the buffer (no `String` per number).
    static func appendDecimal<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: digits[start...])
        }
    }

    func write(_ double: Double) throws {
        guard double.isFinite else {
            throw EncodingError.invalidValue(double, .init(codingPath: [], debugDescription: "\(double) is not valid in JSON"))
        }
        var text = double.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    func writeNull() { bytes.append(contentsOf: "null".utf8) }
}
