import Foundation

/// The `Encoder` a value's `encode(to:)` is handed by ``DirectJSONEncoder``: it writes exactly
/// one value into the sink, a primitive or one container (asked for again, the same container).
struct DirectEncoder: Encoder {
    let sink: JSONSink
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The container this value opened, shared by every later request for one.
    private let opened = OpenedContainer()

    init(sink: JSONSink, codingPath: [any CodingKey]) {
        self.sink = sink
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(DirectKeyedContainer<Key>(sink: sink, id: container(object: true), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        DirectUnkeyedContainer(sink: sink, id: container(object: false), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        DirectSingleValue(sink: sink, codingPath: codingPath)
    }

    /// The id of this value's container, opened on first request; a request of the other kind
    /// gets an id that is never open, so its first write throws ``DirectJSONEncoder/Unsupported``.
    private func container(object: Bool) -> Int {
        if let existing = opened.value {
            return existing.object == object && sink.isOpen(existing.id) ? existing.id : 0
        }
        let id = sink.openContainer(object: object)
        opened.value = (id, object)
        return id
    }

    /// A box, so that copies of the encoder share what it opened.
    final class OpenedContainer {
        var value: (id: Int, object: Bool)?
    }
}

struct DirectKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONSink
    let id: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) throws {
        try sink.beginElement(of: id)
        sink.write(key.stringValue)
        sink.bytes.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        sink.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        sink.bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        sink.write(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try sink.write(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        try sink.write(Double(value))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        sink.write(Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        sink.write(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        sink.write(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try begin(key)
        sink.write(integer: value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try sink.encodeValue(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // A container cannot throw here; a failed `begin` leaves the nested one closed, and its
        // first write throws instead.
        guard (try? begin(key)) != nil else { return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(sink: sink, id: 0, codingPath: codingPath)) }
        return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(sink: sink, id: sink.openContainer(object: true), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard (try? begin(key)) != nil else { return DirectUnkeyedContainer(sink: sink, id: 0, codingPath: codingPath) }
        return DirectUnkeyedContainer(sink: sink, id: sink.openContainer(object: false), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
}

struct DirectUnkeyedContainer: UnkeyedEncodingContainer {
    let sink: JSONSink
    let id: Int
    let codingPath: [any CodingKey]
    var count: Int { sink.count(of: id) }

    mutating func encodeNil() throws {
        try sink.beginElement(of: id)
        sink.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try sink.beginElement(of: id)
        sink.bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func encode(_ value: String) throws {
        try sink.beginElement(of: id)
        sink.write(value)
    }

    mutating func encode(_ value: Double) throws {
        try sink.beginElement(of: id)
        try sink.write(value)
    }

    mutating func encode(_ value: Int) throws {
        try sink.beginElement(of: id)
        sink.write(Int64(value))
    }

    mutating func encode(_ value: Int64) throws {
        try sink.beginElement(of: id)
        sink.write(value)
    }

    mutating func encode(_ value: Float) throws {
        try sink.beginElement(of: id)
        try sink.write(Double(value))
    }

    mutating func encode(_ value: UInt64) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: Int8) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: Int16) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: Int32) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt8) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt16) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode(_ value: UInt32) throws {
        try sink.beginElement(of: id)
        sink.write(integer: value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try sink.beginElement(of: id)
        try sink.encodeValue(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard (try? sink.beginElement(of: id)) != nil else { return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(sink: sink, id: 0, codingPath: codingPath)) }
        return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(sink: sink, id: sink.openContainer(object: true), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard (try? sink.beginElement(of: id)) != nil else { return DirectUnkeyedContainer(sink: sink, id: 0, codingPath: codingPath) }
        return DirectUnkeyedContainer(sink: sink, id: sink.openContainer(object: false), codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
}

struct DirectSingleValue: SingleValueEncodingContainer {
    let sink: JSONSink
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { sink.writeNull() }
    mutating func encode(_ value: Bool) throws { sink.bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func encode(_ value: String) throws { sink.write(value) }
    mutating func encode(_ value: Double) throws { try sink.write(value) }
    mutating func encode(_ value: Float) throws { try sink.write(Double(value)) }
    mutating func encode(_ value: Int) throws { sink.write(Int64(value)) }
    mutating func encode(_ value: Int64) throws { sink.write(value) }
    mutating func encode(_ value: UInt64) throws { sink.write(value) }
    mutating func encode(_ value: Int8) throws { sink.write(integer: value) }
    mutating func encode(_ value: Int16) throws { sink.write(integer: value) }
    mutating func encode(_ value: Int32) throws { sink.write(integer: value) }
    mutating func encode(_ value: UInt) throws { sink.write(integer: value) }
    mutating func encode(_ value: UInt8) throws { sink.write(integer: value) }
    mutating func encode(_ value: UInt16) throws { sink.write(integer: value) }
    mutating func encode(_ value: UInt32) throws { sink.write(integer: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try sink.encodeValue(value, codingPath: codingPath) }
}
