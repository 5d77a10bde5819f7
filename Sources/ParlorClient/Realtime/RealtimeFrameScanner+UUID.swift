import Foundation

extension RealtimeFrameScanner {
    /// The UUID in `text` when it is in the canonical form (36 characters, hyphens after the 8th,
    /// 12th, 16th and 20th hex digit, either case), read without `UUID(uuidString:)`'s `sscanf`:
    /// parsing each frame's `game` that way was a percent and more of a load generator's CPU.
    /// Nil otherwise, also for what Foundation would take (it reads a space or a minus sign as a
    /// hex digit), so that a caller leaves such text to Foundation and never disagrees with it.
    package static func uuid<Text: Collection<UInt8>>(_ text: Text) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var high: UInt8?
        var filled = 0
        for (offset, character) in text.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = hexValue(character) else { return nil }
            if let first = high {
                bytes[filled] = first << 4 | nibble
                filled += 1
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes.withUnsafeBytes { raw in
            UUID(uuid: raw.loadUnaligned(as: uuid_t.self))
        }
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
