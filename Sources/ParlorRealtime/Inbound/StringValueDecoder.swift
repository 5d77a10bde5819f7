import Foundation

/// A decoder over one JSON string, as `JSONDecoder` would present it at that place in a message:
/// a single value that decodes as a `String` (or as any type that reads one) and as nothing else.
/// A notation-coded action read by ``InboundMessage/scanned(_:actions:)`` decodes through it.
struct StringValueDecoder: Decoder, SingleValueDecodingContainer {
    let string: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ string: String, codingPath: [any CodingKey]) {
        self.string = string
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw mismatch([String: Any].self) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch([Any].self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode(_ type: String.Type) throws -> String { string }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let string = string as? T { return string }
        return try T(from: self)
    }
    func decode(_ type: Bool.Type) throws -> Bool { throw mismatch(type) }
    func decode(_ type: Double.Type) throws -> Double { throw mismatch(type) }
    func decode(_ type: Float.Type) throws -> Float { throw mismatch(type) }
    func decode(_ type: Int.Type) throws -> Int { throw mismatch(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { throw mismatch(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { throw mismatch(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { throw mismatch(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { throw mismatch(type) }
    func decode(_ type: UInt.Type) throws -> UInt { throw mismatch(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw mismatch(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw mismatch(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw mismatch(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw mismatch(type) }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found a string"))
    }
}
