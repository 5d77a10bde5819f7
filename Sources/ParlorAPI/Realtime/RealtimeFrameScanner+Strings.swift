import Foundation

/// Reading one array of strings from deep in a frame, in the same single validating pass.
extension RealtimeFrameScanner {
    /// What ``strings(at:in:)`` found at its path.
    package enum Strings: Equatable, Sendable {
        /// The path ends early: a key along it is missing or its value is null.
        case absent
        case strings([String])
    }

    /// One validating pass over a frame that reads the array of strings at `path` (keys of nested
    /// objects from the top, `["view", "legal_placements"]`) and builds nothing else. Nil when
    /// the frame is not valid JSON, a value on the path has another type, or the pass is unsure
    /// (as for ``probe(_:)``, and for escaped keys or strings on the path): decode it instead.
    package static func strings(at path: [String], in data: Data) -> Strings? {
        guard !path.isEmpty else { return nil }
        let keys = path.map { Array($0.utf8) }
        return data.withUnsafeBytes { raw in
            var scanner = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            do {
                scanner.skipWhitespace()
                let found = try scanner.strings(at: keys[...], depth: 1)
                scanner.skipWhitespace()
                return scanner.index == scanner.bytes.count ? found : nil
            } catch {
                return nil
            }
        }
    }
}

extension RealtimeFrameScanner.Cursor {
    /// The object here, validated to its end, and the strings at `path` within it.
    mutating func strings(at path: ArraySlice<[UInt8]>, depth: Int) throws -> RealtimeFrameScanner.Strings {
        guard depth <= RealtimeFrameScanner.maxDepth, let wanted = path.first else { throw RealtimeFrameScanner.Unsure() }
        var found: RealtimeFrameScanner.Strings?
        try fields(depth: depth) { cursor, name in
            guard name.elementsEqual(wanted) else { return false }
            guard found == nil else { throw RealtimeFrameScanner.Unsure() }
            if try cursor.skipNull() {
                found = .absent
            } else if path.count == 1 {
                found = .strings(try cursor.plainStrings())
            } else {
                guard cursor.peek() == UInt8(ascii: "{") else { throw RealtimeFrameScanner.Unsure() }
                found = try cursor.strings(at: path.dropFirst(), depth: depth + 1)
            }
            return true
        }
        return found ?? .absent
    }

    /// An array of strings without escapes.
    private mutating func plainStrings() throws -> [String] {
        try expect(UInt8(ascii: "["))
        var strings: [String] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return strings
        }
        while true {
            skipWhitespace()
            strings.append(try plainString())
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return strings
            default: throw RealtimeFrameScanner.Unsure()
            }
        }
    }
}
