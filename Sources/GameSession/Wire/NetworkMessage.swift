import GameCore
import PlayerProfiles

import struct Foundation.Data
import struct Foundation.UUID

/// Every frame between host and clients (seed §6.1, plus the kinds the runtime needed since).
///
/// On the wire it is a JSON object with a `type` tag. A receiver skips kinds it does not know
/// (`MessageCodec` reports them as `.unknown`), and ignores fields it does not know, so a newer
/// peer can add both without breaking an older one.
public enum NetworkMessage: Equatable, Sendable {
    // Lobby phase (seed).
    case lobbyUpdate(LobbyInfo)
    case joinRequest(profile: PlayerProfile, appVersion: String, passcodeHash: String?, games: [GameType: Int]?)
    case joinAccepted(LobbyInfo)
    case joinRejected(reason: String)
    case kickPlayer(playerId: UUID, reason: String?)
    // Game phase (seed). Payloads are JSON: `ActionPayload` and `StatePayload`.
    case gameAction(gameType: GameType, payload: Data)
    case gameState(gameType: GameType, payload: Data)
    // Added by the runtime; older peers skip them.
    /// A client's ready toggle.
    case setReady(Bool)
    /// Liveness, and the last state and lobby revision the sender saw, so the host can resend
    /// what was lost.
    case heartbeat(lastSeen: StateStamp?, lobbyRevision: Int?)
    /// The host refused a client's action; the payload is an `ActionRejection`.
    case actionRejected(gameType: GameType, payload: Data)
    /// A client leaves on purpose.
    case leave
    /// The host closed the session.
    case sessionEnded(reason: String)

    /// The `type` tag on the wire.
    public var kind: String {
        switch self {
        case .lobbyUpdate: "lobbyUpdate"
        case .joinRequest: "joinRequest"
        case .joinAccepted: "joinAccepted"
        case .joinRejected: "joinRejected"
        case .kickPlayer: "kickPlayer"
        case .gameAction: "gameAction"
        case .gameState: "gameState"
        case .setReady: "setReady"
        case .heartbeat: "heartbeat"
        case .actionRejected: "actionRejected"
        case .leave: "leave"
        case .sessionEnded: "sessionEnded"
        }
    }
}

/// Which authoritative state a peer has: the "Play Again" match and the host's sequence number
/// within it. Later stamps win; an equal or older one is a duplicate or stale.
public struct StateStamp: Codable, Hashable, Comparable, Sendable {
    public var match: Int
    public var sequence: Int

    public init(match: Int, sequence: Int) {
        self.match = match
        self.sequence = sequence
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.match, lhs.sequence) < (rhs.match, rhs.sequence)
    }
}

/// Thrown while decoding a frame whose `type` this build does not know.
struct UnknownMessageKind: Error {
    var kind: String
}
