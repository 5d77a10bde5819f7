import StatsSync

/// The keys the key-value provider uses. Every device writes only its own keys, so per-key
/// last-writer-wins never has two writers to choose between:
///
/// - `ev.<device>`: the events the device authored (`CompactEventCodec`, one group); a device
///   whose events outgrow one value continues in `ev.<device>#1`, `ev.<device>#2`, ...
/// - `summary.<device>`: the device's last projected statistics and version vector (JSON).
///
/// `#` cannot occur in a device id, so a key names its device and chunk unambiguously (ids may
/// contain `.`). A device id too long for a 64-byte key is replaced by `=` and a 64-bit FNV-1a
/// hash of it (`=` cannot occur in an id either); values carry the full id, which is checked.
enum KeyValueLayout {
    static let eventPrefix = "ev."
    static let summaryPrefix = "summary."
    static let chunkSeparator: Character = "#"
    /// Longest id used as is: "summary." + id, and "ev." + id + "#" + 4 digits, fit in 64 bytes.
    static let longestPlainID = 56

    enum Key: Equatable {
        case events(token: String, chunk: Int)
        case summary(token: String)
    }

    /// The part of a device's keys that names it.
    static func token(for device: DeviceID) -> String {
        guard device.rawValue.utf8.count > longestPlainID else { return device.rawValue }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in device.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "=" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func eventKey(for device: DeviceID, chunk: Int) -> String {
        let base = eventPrefix + token(for: device)
        return chunk == 0 ? base : base + String(chunkSeparator) + String(chunk)
    }

    static func summaryKey(for device: DeviceID) -> String { summaryPrefix + token(for: device) }

    /// What a key is, or nil for keys this provider does not own (other data of the app).
    static func parse(_ key: String) -> Key? {
        if key.hasPrefix(summaryPrefix) {
            let token = String(key.dropFirst(summaryPrefix.count))
            return isToken(token) ? .summary(token: token) : nil
        }
        guard key.hasPrefix(eventPrefix) else { return nil }
        let rest = key.dropFirst(eventPrefix.count)
        guard let separator = rest.lastIndex(of: chunkSeparator) else {
            return isToken(String(rest)) ? .events(token: String(rest), chunk: 0) : nil
        }
        let token = String(rest[..<separator])
        let digits = rest[rest.index(after: separator)...]
        guard isToken(token), !digits.isEmpty, digits.first != "0", digits.count <= 4,
            digits.allSatisfy(\.isASCIIDigit), let chunk = Int(digits)
        else { return nil }
        return .events(token: token, chunk: chunk)
    }

    private static func isToken(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        if first == "=" { return token.utf8.count == 17 && token.dropFirst().allSatisfy(\.isHexDigit) }
        return DeviceID(rawValue: token) != nil && token.utf8.count <= longestPlainID
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
