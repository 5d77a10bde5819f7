/// A kind of game, its stable name on the wire and in records, e.g. `quortex` or `crazy-eights`
/// (one game played is named by its UUID).
///
/// A struct rather than a closed enum so that an older build can still decode, and then refuse
/// with `unsupportedGameVersion`, a game it does not know. As a dictionary key it encodes as a JSON
/// object key, not as an array of pairs.
public struct GameType: RawRepresentable, Hashable, Codable, CodingKeyRepresentable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
