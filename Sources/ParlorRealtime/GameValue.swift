import Foundation

/// A game's own value (a view, an action) inside a message: encoded as itself, so the channel
/// puts it into the wire types without knowing its type or encoding it twice. The server only
/// sends these; decoding one is the client's business, with the game's own types.
struct GameValue: Codable, Sendable {
    let value: any Encodable & Sendable

    init(_ value: any Encodable & Sendable) { self.value = value }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "the server only encodes game values"))
    }

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
