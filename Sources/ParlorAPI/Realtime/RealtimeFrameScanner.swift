import Foundation

/// One pass over a frame's UTF-8 JSON that validates it and picks out the top-level routing
/// fields, allocating only their values. It answers nil whenever it is not certain to agree with
/// `JSONDecoder` (see ``RealtimeFrameProbe/parse(_:)``), never a different probe. The SDK reads
/// the server's frames with it; the server reads the messages busy sockets send
/// (``clientMessage(_:)``).
package enum RealtimeFrameScanner {
    /// Deeper nesting than this is left to `JSONDecoder`.
    static let maxDepth = 256

    /// `data` must be UTF-8 (the text of a text frame): only JSON's own rules are checked.
    package static func probe(_ data: Data) -> RealtimeFrameProbe? {
        data.withUnsafeBytes { raw in
            var scanner = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.frame()
        }
    }

    /// Thrown inside the scan to give up; the caller turns it into nil.
    struct Unsure: Error {}

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func frame() -> RealtimeFrameProbe? {
            do {
                let probe = try topLevelObject()
                skipWhitespace()
                return index == bytes.count ? probe : nil
            } catch {
                return nil
            }
        }

        // MARK: The top level

        private enum Field: UInt8 { case type = 1, game = 2, seq = 4, status = 8, moveId = 16 }

        private mutating func topLevelObject() throws -> RealtimeFrameProbe? {
            skipWhitespace()
            var type: String?, game: UUID?, seq: Int?, status: String?, moveId: String?
            var seen: UInt8 = 0
            try fields { cursor, name in
                guard let field = Self.field(named: name) else { return false }
                guard seen & field.rawValue == 0 else { throw Unsure() }
                seen |= field.rawValue
                let isNull = try cursor.skipNull()
                switch field {
                case .type:
                    if isNull { throw Unsure() }
                    type = try cursor.plainString()
                case .game:
                    if !isNull {
                        guard let uuid = UUID(canonicalText: try cursor.plainStringBytes()) else { throw Unsure() }
                        game = uuid
                    }
                case .seq: if !isNull { seq = try cursor.integer() }
                case .status: if !isNull { status = try cursor.plainString() }
                case .moveId: if !isNull { moveId = try cursor.plainString() }
                }
                return true
            }
            guard let type else { throw Unsure() }
            return RealtimeFrameProbe(type: type, game: game, seq: seq, status: status, moveId: moveId)
        }

        /// The object here, `depth` objects deep, to its closing brace: `field` reads the value of a
        /// key it knows and answers true; any other key's value is skipped, validated. Keys with
        /// escapes are unsure.
        mutating func fields(depth: Int = 0, _ field: (inout Self, UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
            try expect(UInt8(ascii: "{"))
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                let name = try plainStringBytes()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                if try !field(&self, name) { try skipValue(depth: depth + 1) }
                skipWhitespace()
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return
                default: throw Unsure()
                }
            }
        }

        /// A top-level key's routing field, or nil for any other key.
        private static func field(named name: UnsafeBufferPointer<UInt8>) -> Field? {
            switch name.count {
            case 3 where name.elementsEqual("seq".utf8): return .seq
            case 4 where name.elementsEqual("type".utf8): return .type
            case 4 where name.elementsEqual("game".utf8): return .game
            case 6 where name.elementsEqual("status".utf8): return .status
            case 7 where name.elementsEqual("move_id".utf8): return .moveId
            default: return nil
            }
        }

        // MARK: Values

        /// A string without escapes (one with escapes is left to `JSONDecoder`).
        mutating func plainString() throws -> String {
            String(decoding: try plainStringBytes(), as: UTF8.self)
        }

        /// The UTF-8 between the quotes of a string without escapes.
        mutating func plainStringBytes() throws -> UnsafeBufferPointer<UInt8> {
            let start = index + 1
            try skipString(allowEscapes: false)
            return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
        }

        /// A plain non-negative integer that fits `Int`: no sign, fraction or exponent.
        mutating func integer() throws -> Int {
            guard peek() != UInt8(ascii: "-") else { throw Unsure() }
            let start = index
            try skipNumber()
            var value = 0
            for byte in bytes[start..<index] {
                guard isDigit(byte) else { throw Unsure() }
                let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, carried) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflowed, !carried else { throw Unsure() }
                value = sum
            }
            return value
        }

        mutating func skipNull() throws -> Bool {
            guard peek() == UInt8(ascii: "n") else { return false }
            try literal("null")
            return true
        }

        mutating func skipValue(depth: Int) throws {
            guard depth <= RealtimeFrameScanner.maxDepth else { throw Unsure() }
            switch peek() {
            case UInt8(ascii: "\""): try skipString(allowEscapes: true)
            case UInt8(ascii: "{"): try skipContainer(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): try skipContainer(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try skipNumber()
            }
        }

        private mutating func skipContainer(close: UInt8, keyed: Bool, depth: Int) throws {
            index += 1
            skipWhitespace()
            if peek() == close {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                if keyed {
                    try skipString(allowEscapes: true)
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                let byte = next()
                if byte == close { return }
                guard byte == UInt8(ascii: ",") else { throw Unsure() }
            }
        }

        /// Moves past a string, its quotes included. The bytes came from a Swift `String`, so
        /// they are valid UTF-8; JSON adds only the escapes and the ban on control characters.
        mutating func skipString(allowEscapes: Bool) throws {
            try expect(UInt8(ascii: "\""))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return
                case 0..<0x20: throw Unsure()
                case UInt8(ascii: "\\"):
                    guard allowEscapes, index < bytes.count else { throw Unsure() }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        // From \uD000 up (surrogates among them, which must pair) is left to JSONDecoder.
                        guard index + 4 <= bytes.count, let first = hexValue(bytes[index]), first < 0xD else { throw Unsure() }
                        for offset in 1..<4 where hexValue(bytes[index + offset]) == nil { throw Unsure() }
                        index += 4
                    default: throw Unsure()
                    }
                default: continue
                }
            }
            throw Unsure()
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        private mutating func skipNumber() throws {
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek(), isDigit(first) else { throw Unsure() }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard let digit = peek(), isDigit(digit) else { throw Unsure() }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard let digit = peek(), isDigit(digit) else { throw Unsure() }
                skipDigits()
            }
        }

        // MARK: Bytes

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            index += 1
            return bytes[index - 1]
        }

        mutating func expect(_ byte: UInt8) throws {
            guard next() == byte else { throw Unsure() }
        }

        private mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw Unsure() }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Unsure() }
            index += count
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
                default: return
                }
            }
        }

        private mutating func skipDigits() {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
