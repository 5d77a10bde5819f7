import Foundation

/// A game id on the wire: lower case, as the REST routes write ids (Foundation would write a
/// `UUID` in upper case). Read in either case.
@propertyWrapper
public struct WireUUID: Codable, Sendable, Hashable {
    public var wrappedValue: UUID

    public init(wrappedValue: UUID) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = UUID(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a UUID")
        }
        wrappedValue = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.canonicalText)
    }
}

/// ``WireUUID`` for a field that may be absent: absent when nil, never `null`.
@propertyWrapper
public struct OptionalWireUUID: Codable, Sendable, Hashable {
    public var wrappedValue: UUID?

    public init(wrappedValue: UUID?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try WireUUID(from: decoder).wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.map(WireUUID.init(wrappedValue:)).encode(to: encoder)
    }
}

// Synthesised coding calls these for an `OptionalWireUUID` field, so a nil id is left out and a
// missing one reads as nil, as for any optional.
extension KeyedEncodingContainer {
    public mutating func encode(_ value: OptionalWireUUID, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue.map(WireUUID.init(wrappedValue:)), forKey: key)
    }
}

extension KeyedDecodingContainer {
    public func decode(_ type: OptionalWireUUID.Type, forKey key: Key) throws -> OptionalWireUUID {
        OptionalWireUUID(wrappedValue: try decodeIfPresent(WireUUID.self, forKey: key)?.wrappedValue)
    }
}
