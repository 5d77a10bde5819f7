import GameCore
import PlayerProfiles

import struct Foundation.UUID

/// Where a client is with its host.
public enum ClientPhase: Equatable, Sendable {
    /// Connected, waiting for the host's lobby.
    case connecting
    /// Join request sent.
    case joining
    /// In the lobby, or in its game (see `LobbyInfo.phase`).
    case joined
    case rejected(reason: String)
    case kicked(reason: String?)
    /// The host closed the session, left, or was gone longer than the grace period.
    case ended(reason: String)

    /// The reason of the `ended` phase after the player chose to leave.
    public static let youLeft = "You left the session"

    public var isOver: Bool {
        switch self {
        case .rejected, .kicked, .ended: true
        case .connecting, .joining, .joined: false
        }
    }
}

/// How a client joins.
public struct ClientConfiguration: Sendable {
    public var profile: PlayerProfile
    public var appVersion: SemanticVersion
    public var passcode: String?
    public var timeouts: SessionTimeouts
    /// The games and engine versions this build has (`GameRegistry.engineVersions`); sent with
    /// the join request.
    public var games: [GameType: Int]

    public init(
        profile: PlayerProfile, appVersion: SemanticVersion, passcode: String? = nil,
        timeouts: SessionTimeouts = SessionTimeouts(), games: [GameType: Int]
    ) {
        self.profile = profile
        self.appVersion = appVersion
        self.passcode = passcode
        self.timeouts = timeouts
        self.games = games
    }
}

/// A client's lobby and game as a value: messages, commands and ticks in, frames out.
public struct ClientSessionCore<Module: GameModule>: Sendable {
    public let configuration: ClientConfiguration
    public let host: PeerID
    public internal(set) var phase: ClientPhase = .connecting
    public internal(set) var lobby: LobbyInfo?
    var game: ClientGame<Module>?
    /// The last refusal of one of our actions, for the UI.
    public internal(set) var lastError: GameError?
    /// Games seen to the end, oldest first; each match once.
    public internal(set) var finishedMatches: [FinishedMatch] = []
    var hostLastHeard: SessionInstant
    var lastHeartbeat: SessionInstant?
    var lastJoinRequest: SessionInstant?
    var lastReadyRequest: SessionInstant?
    var wantsReady = false

    public init(configuration: ClientConfiguration, host: PeerID, now: SessionInstant) {
        self.configuration = configuration
        self.host = host
        self.hostLastHeard = now
    }

    public var view: Module.View? { game?.view }
    public var seat: Int? { game?.seat }
    public var stamp: StateStamp? { game?.stamp }
    public var isWaitingForHost: Bool { game?.pending != nil }
    var profileID: UUID { configuration.profile.id }

    /// A (re)connection to the host: ask to join, which is also how a rejoin starts.
    public mutating func connected(_ peer: PeerID, now: SessionInstant) -> [Outgoing] {
        guard peer == host, !phase.isOver else { return [] }
        hostLastHeard = now
        if phase == .joined { phase = .joining }
        return phase == .joining ? joinRequest(now: now) : []
    }

    /// The transport's link to the host was refused before the lobby could answer (a passcode
    /// checked in the handshake): the join ends with that reason.
    public mutating func refused(_ reason: String, by peer: PeerID) {
        guard peer == host, !phase.isOver else { return }
        phase = .rejected(reason: reason)
    }

    /// Losing the host starts the grace period (measured from when it was last heard).
    public mutating func disconnected(_ peer: PeerID, now: SessionInstant) -> [Outgoing] { [] }

    func isSupported(_ info: LobbyInfo) -> Bool {
        guard info.gameType == Module.gameType, configuration.games[info.gameType] == Module.engineVersion,
            (info.engineVersion ?? Module.engineVersion) == Module.engineVersion
        else { return false }
        if let text = info.appVersion {
            guard let version = SemanticVersion(text), version.isCompatible(with: configuration.appVersion) else {
                return false
            }
        }
        if let data = info.activeSettings {
            guard let settings = try? MessageCodec.payload(Module.Settings.self, from: data, what: "settings"),
                settings.settingsVersion == Module.Settings.currentVersion
            else { return false }
        }
        return true
    }

    mutating func joinRequest(now: SessionInstant) -> [Outgoing] {
        lastJoinRequest = now
        let hash = configuration.passcode.map { passcode in
            lobby.map { PasscodeHash.make(passcode: passcode, lobbyID: $0.id) }
        } ?? nil
        return [
            Outgoing(
                to: host,
                .joinRequest(
                    profile: configuration.profile.publicCopy, appVersion: configuration.appVersion.description,
                    passcodeHash: hash, games: configuration.games))
        ]
    }
}
