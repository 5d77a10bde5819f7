import Foundation

/// A time on the wire: an RFC 3339 UTC string to the second (`2026-11-25T16:05:00Z`), as every
/// REST timestamp is written, so a client reads times one way on both channels: both go through
/// ``WireDateTranscoder``, which also reads offsets and fractional seconds.
@propertyWrapper
public struct WireDate: Codable, Sendable, Hashable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = try? WireDateTranscoder().decode(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text.prefix(64)) is not an RFC 3339 time")
        }
        wrappedValue = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try WireDateTranscoder().encode(wrappedValue))
    }
}
