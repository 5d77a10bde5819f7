/// GameSession: host-authoritative local multiplayer over any transport.
///
/// A host runs the authoritative game and a lobby; clients join over a `GameTransport`
/// (MultipeerConnectivity on Apple devices, an in-memory hub in tests). Every frame is a
/// `NetworkMessage`, JSON compressed with zlib and never larger than 1 MB.

/// A transport-level peer: who a frame came from or goes to. Lobby membership maps it to a
/// `PlayerProfile`; the id itself means nothing to the game.
public struct PeerID: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
