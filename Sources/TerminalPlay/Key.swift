/// One key press, decoded from the bytes a terminal in raw mode sends.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, tab, backTab, escape, backspace
    case character(Character)
}

/// Splits raw terminal input into keys: printable characters, control keys and the
/// `ESC [ A`-style sequences of the arrow keys (also `ESC O A`, sent in application mode).
/// Bytes may arrive split anywhere, so a partial sequence waits for the next read; a lone
/// escape is the Escape key once ``flush()`` says no more bytes followed it.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys completed by `bytes`.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, used) = Self.next(in: pending[...]) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Whether bytes of an unfinished sequence are held.
    public var isWaiting: Bool { !pending.isEmpty }

    /// Whatever is left as keys: a lone `ESC` with nothing after it is the Escape key.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending.isEmpty ? [] : [.escape]
    }

    /// The first key in `bytes` and how many bytes it used (a nil key: bytes skipped); nil
    /// when `bytes` is empty or ends inside a sequence.
    private static func next(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            let rest = bytes.dropFirst()
            guard let second = rest.first else { return nil }
            guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
            guard let third = rest.dropFirst().first else { return nil }
            switch third {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            case UInt8(ascii: "C"): return (.right, 3)
            case UInt8(ascii: "D"): return (.left, 3)
            case UInt8(ascii: "Z"): return (.backTab, 3)
            default:
                // Another CSI sequence (a function key): skip to its final byte.
                guard let end = rest.dropFirst().firstIndex(where: { (0x40...0x7E).contains($0) }) else { return nil }
                return (nil, end - bytes.startIndex + 1)
            }
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03, 0x04: return (.character("q"), 1)  // Ctrl-C and Ctrl-D in raw mode mean leave
        case 0x20...0x7E: return (.character(Character(UnicodeScalar(first))), 1)
        default:
            // UTF-8 beyond ASCII, other control bytes: not keys of any screen.
            return (nil, 1)
        }
    }
}
