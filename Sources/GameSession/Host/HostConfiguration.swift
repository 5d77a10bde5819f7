import GameCore

/// The lobby's clocks. Defaults are the seed's: a host may vanish for 5 s, a client for 30 s.
public struct SessionTimeouts: Hashable, Sendable {
    /// How long clients wait for a host that disconnected or went silent before the session ends.
    public var hostGrace: Duration
    /// How long a client may be silent (backgrounded, out of range) before it is removed.
    public var clientSilence: Duration
    /// How often each side says it is alive. Several heartbeats fit in `hostGrace`, so a few lost
    /// frames never end a session.
    public var heartbeatInterval: Duration
    /// How long a client waits for the host's answer before sending an action again.
    public var resendInterval: Duration

    public init(
        hostGrace: Duration = .seconds(5), clientSilence: Duration = .seconds(30),
        heartbeatInterval: Duration = .milliseconds(500), resendInterval: Duration = .seconds(1)
    ) {
        self.hostGrace = hostGrace
        self.clientSilence = clientSilence
        self.heartbeatInterval = heartbeatInterval
        self.resendInterval = resendInterval
    }
}

/// How a host sets up its lobby.
public struct HostConfiguration: Sendable {
    public var lobbyID: String
    public var appVersion: SemanticVersion
    /// Set for a private lobby; joiners must send its `PasscodeHash`.
    public var passcode: String?
    public var timeouts: SessionTimeouts
    /// Seed of the first game; "Play Again" game n uses `firstSeed + n - 1`.
    public var firstSeed: GameSeed

    public init(
        lobbyID: String, appVersion: SemanticVersion, passcode: String? = nil,
        timeouts: SessionTimeouts = SessionTimeouts(), firstSeed: GameSeed
    ) {
        self.lobbyID = lobbyID
        self.appVersion = appVersion
        self.passcode = passcode
        self.timeouts = timeouts
        self.firstSeed = firstSeed
    }
}

/// The reasons a host gives in `joinRejected`. Clients show them as they are.
public enum JoinRejection {
    public static let unsupportedGameVersion = "Unsupported Game Version"
    public static let wrongPasscode = "Wrong passcode"
    public static let banned = "You are banned from this lobby"
    public static let full = "The lobby is full"
    public static let alreadyStarted = "The game has already started"
    public static let rejoinNotAllowed = "This game does not allow rejoining"
    public static let duplicateProfile = "That profile is already the host"
}

/// Why the host refused a command from its own UI.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// A message for one peer.
public struct Outgoing: Equatable, Sendable {
    public var to: PeerID
    public var message: NetworkMessage

    public init(to: PeerID, _ message: NetworkMessage) {
        self.to = to
        self.message = message
    }
}
