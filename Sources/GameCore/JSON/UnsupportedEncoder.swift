import Foundation

/// What `superEncoder()` answers: its every container throws on first write, so the value is
/// encoded again by `JSONEncoder`.
struct UnsupportedEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(DirectKeyedContainer<Key>(sink: JSONSink(), id: 0, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { DirectUnkeyedContainer(sink: JSONSink(), id: 0, codingPath: codingPath) }

    func singleValueContainer() -> any SingleValueEncodingContainer { UnsupportedSingleValue(codingPath: codingPath) }
}

struct UnsupportedSingleValue: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]

    private func refuse() throws -> Never { throw DirectJSONEncoder.Unsupported(description: "super encoders are not supported") }

    mutating func encodeNil() throws { try refuse() }
    mutating func encode(_ value: Bool) throws { try refuse() }
    mutating func encode(_ value: String) throws { try refuse() }
    mutating func encode(_ value: Double) throws { try refuse() }
    mutating func encode(_ value: Float) throws { try refuse() }
    mutating func encode(_ value: Int) throws { try refuse() }
    mutating func encode(_ value: Int64) throws { try refuse() }
    mutating func encode(_ value: UInt64) throws { try refuse() }
    mutating func encode(_ value: Int8) throws { try refuse() }
    mutating func encode(_ value: Int16) throws { try refuse() }
    mutating func encode(_ value: Int32) throws { try refuse() }
    mutating func encode(_ value: UInt) throws { try refuse() }
    mutating func encode(_ value: UInt8) throws { try refuse() }
    mutating func encode(_ value: UInt16) throws { try refuse() }
    mutating func encode(_ value: UInt32) throws { try refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { try refuse() }
}
