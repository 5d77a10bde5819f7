/// The installation that wrote an event. Chosen once per install (a UUID string by default) and
/// kept in the local store; it names the device's sequence numbers in every version vector.
public struct DeviceID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public static let maximumLength = 64
    public let rawValue: String

    /// Nil unless `rawValue` is 1 to 64 ASCII letters, digits, `-`, `_` or `.`; the id is also
    /// part of key-value store keys, which are limited in length and alphabet.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= Self.maximumLength,
            rawValue.utf8.allSatisfy(Self.isAllowed)
        else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let id = DeviceID(rawValue: raw) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a device id is 1 to 64 of A-Z a-z 0-9 - _ ."))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default: return false
        }
    }
}
