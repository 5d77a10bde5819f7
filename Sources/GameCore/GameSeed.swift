/// The seed a game starts from. In JSON it is a string of decimal digits, because numbers above
/// 2^53 do not survive most JSON tools; a plain JSON number is accepted on input.
public struct GameSeed: Hashable, Sendable, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var value: UInt64

    public init(_ value: UInt64) { self.value = value }
    public init(integerLiteral value: UInt64) { self.value = value }

    /// Parses the decimal form; nil for anything else.
    public init?(_ text: String) {
        guard let value = UInt64(text) else { return nil }
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(UInt64.self) {
            value = number
            return
        }
        let text = try container.decode(String.self)
        guard let parsed = UInt64(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a seed is an unsigned 64-bit integer, got \"\(text)\"")
        }
        value = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }

    public var description: String { String(value) }
}
