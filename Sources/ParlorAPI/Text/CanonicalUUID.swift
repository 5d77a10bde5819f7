import Foundation

/// A UUID's canonical text (`8-4-4-4-12` hex digits, lowercase as Parlor writes it), written and
/// read without Foundation's `snprintf` and `sscanf`: the server writes and reads a game's id
/// several times per move (frames, notices, SQL binds), as a load generator does, and those two
/// general-purpose calls are slow for text this simple.
extension UUID {
    /// The lowercase canonical text: what `uuidString.lowercased()` gives, byte for byte.
    public var canonicalText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = Self.hexDigits[Int(byte >> 4)]
                    text[at + 1] = Self.hexDigits[Int(byte & 0x0f)]
                    at += 2
                }
                return at
            }
        }
    }

    /// The UUID in `text` when it is in the canonical form (36 characters, hyphens after the 8th,
    /// 12th, 16th and 20th hex digit, either case). Nil otherwise, also for text Foundation would
    /// take (it reads a space or a minus sign as a hex digit): ``init(parsing:)`` leaves such text
    /// to Foundation, so the two never disagree.
    public init?(canonicalText text: some Collection<UInt8>) {
        guard text.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { bytes -> Bool in
            var high: UInt8?
            var filled = 0
            for (offset, character) in text.enumerated() {
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard character == UInt8(ascii: "-") else { return false }
                    continue
                }
                guard let nibble = Self.hexValue(character) else { return false }
                if let first = high {
                    bytes[filled] = first << 4 | nibble
                    filled += 1
                    high = nil
                } else {
                    high = nibble
                }
            }
            return true
        }
        guard parsed else { return nil }
        self.init(uuid: value)
    }

    /// The UUID in `text`, as `UUID(uuidString:)` reads it, canonical text taking the fast path.
    public init?(parsing text: String) {
        var text = text
        if let id = text.withUTF8({ UUID(canonicalText: $0) }) {
            self = id
        } else if let id = UUID(uuidString: text) {
            self = id
        } else {
            return nil
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
