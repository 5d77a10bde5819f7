/// A value that travels as its short notation string: a move (`d4r2`, `play 8S hearts`), a card
/// (`QD`), a log event. One form on the wire, readable in records and logs, and a decoding error
/// that carries the game's own explanation of what is wrong with the text.
public protocol NotationCodable: Codable {
    var notation: String { get }
    init(notation: String) throws(GameError)
}

extension NotationCodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(notation: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(notation)
    }
}
