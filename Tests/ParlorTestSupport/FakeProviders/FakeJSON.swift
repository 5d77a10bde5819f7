import Foundation

/// A JSON value built in code, for the fake's answers and token claims.
///
/// Literal dictionaries of these read like the JSON the real providers send, which keeps the fake's
/// routes easy to compare with the providers' documentation.
enum FakeJSON: Encodable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([FakeJSON])
    case object([String: FakeJSON])
    case null

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(dictionaryLiteral elements: (String, FakeJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    init(arrayLiteral elements: FakeJSON...) { self = .array(elements) }

    /// A string, or `null` when absent.
    static func optional(_ value: String?) -> FakeJSON { value.map(FakeJSON.string) ?? .null }

    /// Seconds since 1970, whole, as providers print them.
    static func seconds(_ date: Date) -> FakeJSON { .number(date.timeIntervalSince1970.rounded(.down)) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers are written without a fraction, as `exp` and `iat` are in real tokens.
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// Compact JSON bytes; keys sorted so answers are stable.
    func data() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// An object without its `null` members, for claims that are simply absent when not given.
    var droppingNulls: FakeJSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { if case .null = $0.value { false } else { true } })
    }
}

/// Base64url without padding, as JWTs and JWKs use.
enum FakeBase64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
