import GameCore
import PlayerProfiles

import struct Foundation.Data
import struct Foundation.UUID

/// What the host tells everyone about its lobby (seed §6.1). The first eight fields are the
/// seed's; everything after them was added later and is optional, so an older client decodes a
/// newer host's lobby without failing.
public struct LobbyInfo: Codable, Equatable, Sendable {
    public var id: String
    public var gameType: GameType
    public var hostProfile: PlayerProfile
    /// Everyone in the lobby, the host first, in the order they joined.
    public var playerProfiles: [PlayerProfile]
    public var readyPlayerIDs: Set<UUID>
    public var isPrivate: Bool
    /// Always nil from this build: see `PasscodeHash` for why the hash is not broadcast.
    public var passcodeHash: String?
    /// The JSON settings snapshot; locked once the game starts and reused by "Play Again".
    public var activeSettings: Data?

    public var phase: LobbyPhase?
    /// The host's game engine version, so a client can refuse a game it would play differently.
    public var engineVersion: Int?
    /// Profile id per seat, once a game has started.
    public var seats: [UUID]?
    /// Players whose seat is kept while they are disconnected or removed; the host plays for them.
    public var awayPlayerIDs: Set<UUID>?
    /// Which "Play Again" game this is, from 1.
    public var match: Int?
    /// A fresh id per game, so each finished game is counted in a profile's stats exactly once.
    public var matchId: UUID?
    /// Grows with every change, so a client can tell it missed an update.
    public var revision: Int?
    /// The host's app version.
    public var appVersion: String?

    /// The seed's names on the wire; `gameId` there is the kind of game.
    private enum CodingKeys: String, CodingKey {
        case id, hostProfile, playerProfiles, readyPlayerIDs, isPrivate, passcodeHash, activeSettings, phase, engineVersion, seats
        case awayPlayerIDs, match, matchId, revision, appVersion
        case gameType = "gameId"
    }

    public init(
        id: String, gameType: GameType, hostProfile: PlayerProfile, playerProfiles: [PlayerProfile],
        readyPlayerIDs: Set<UUID> = [], isPrivate: Bool, passcodeHash: String? = nil,
        activeSettings: Data? = nil
    ) {
        self.id = id
        self.gameType = gameType
        self.hostProfile = hostProfile
        self.playerProfiles = playerProfiles
        self.readyPlayerIDs = readyPlayerIDs
        self.isPrivate = isPrivate
        self.passcodeHash = passcodeHash
        self.activeSettings = activeSettings
    }
}

/// Where a lobby is in its life.
public enum LobbyPhase: String, Codable, Sendable {
    case gathering, playing, finished
}
