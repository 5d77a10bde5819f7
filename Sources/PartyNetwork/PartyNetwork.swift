/// PartyNetwork: OneForTheBoys sessions between devices on one network.
///
/// A host listens on TCP and each joiner connects to it (the session is host-authoritative, so the
/// links form a star). Every link starts with a handshake (X25519, keys bound to the lobby and to a
/// private lobby's passcode) and then carries `MessageCodec` frames sealed with AES-GCM, so nothing
/// travels in clear and a frame changed on the wire is refused. Lobbies are found through a
/// `LobbyDiscovery`: UDP announcements on Linux, Bonjour on Apple platforms.
import GameSession

/// Why a link could not be made or was dropped.
public struct PartyNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    static let frameTooLarge = PartyNetworkError("a frame is larger than the link allows")
    static let handshakeFailed = PartyNetworkError("the handshake did not complete")
    static let tampered = PartyNetworkError("a frame failed authentication (changed, replayed or reordered on the wire)")
}
