import CrazyEights
import Dependencies
import GameCore
import GameSession
import Logging
import PartyNetwork
import PlayerProfiles

/// A lobby opened on this device: its authoritative host, the TCP port joiners reach, and what
/// serves it (links, ticks, the advertisement) until cancelled.
public struct PartyHostLink: Sendable {
    public let host: SessionHost<CrazyEights>
    public let port: Int
    public let run: @Sendable () async -> Void

    public init(host: SessionHost<CrazyEights>, port: Int, run: @escaping @Sendable () async -> Void) {
        self.host = host
        self.port = port
        self.run = run
    }
}

/// A joiner's session with a host, and what keeps its link until the session is over.
public struct PartyJoinLink: Sendable {
    public let client: SessionClient<CrazyEights>
    public let run: @Sendable () async -> Void

    public init(client: SessionClient<CrazyEights>, run: @escaping @Sendable () async -> Void) {
        self.client = client
        self.run = run
    }
}

/// Where a joiner connects.
public struct PartyJoinTarget: Sendable, Equatable {
    public var address: String
    public var port: Int
    public var lobbyID: String
    public var hostName: String
    /// Announced as needing a passcode.
    public var isPrivate: Bool

    public init(address: String, port: Int, lobbyID: String, hostName: String, isPrivate: Bool) {
        self.address = address
        self.port = port
        self.lobbyID = lobbyID
        self.hostName = hostName
        self.isPrivate = isPrivate
    }

    public init(_ lobby: DiscoveredLobby) {
        self.init(
            address: lobby.address, port: lobby.advertisement.port, lobbyID: lobby.id, hostName: lobby.advertisement.hostName,
            isPrivate: lobby.advertisement.isPrivate)
    }
}

/// The local network under party play: opening a lobby, joining one, hearing the lobbies
/// announced nearby. Live: encrypted TCP and UDP announcements (PartyNetwork).
public struct PartyNetworkClient: Sendable {
    public var host:
        @Sendable (_ profile: PlayerProfile, _ settings: CrazyEightsSettings, _ configuration: HostConfiguration, _ port: Int) async throws ->
            PartyHostLink
    public var join: @Sendable (_ configuration: ClientConfiguration, _ target: PartyJoinTarget) throws -> PartyJoinLink
    /// The lobbies heard, the whole list each time it changes.
    public var browse: @Sendable () async throws -> AsyncStream<[DiscoveredLobby]>

    public init(
        host: @escaping @Sendable (PlayerProfile, CrazyEightsSettings, HostConfiguration, Int) async throws -> PartyHostLink,
        join: @escaping @Sendable (ClientConfiguration, PartyJoinTarget) throws -> PartyJoinLink,
        browse: @escaping @Sendable () async throws -> AsyncStream<[DiscoveredLobby]>
    ) {
        self.host = host
        self.join = join
        self.browse = browse
    }

    /// Lobbies announced and heard on `discovery` (nil: not announced).
    public static func live(discovery: (any LobbyDiscovery)?) -> PartyNetworkClient {
        // The terminal is the screen: the links' own log stays quiet but for a crash.
        var logger = Logger(label: "parlor.party")
        logger.logLevel = .critical
        return PartyNetworkClient(
            host: { [logger] profile, settings, configuration, port in
                let hosting = try await PartyHosting<CrazyEights>(
                    profile: profile, settings: settings, configuration: configuration, port: port, discovery: discovery, logger: logger)
                return PartyHostLink(host: hosting.host, port: hosting.transport.port, run: { await hosting.run() })
            },
            join: { [logger] configuration, target in
                let joining = PartyJoining<CrazyEights>(
                    configuration: configuration, address: target.address, port: target.port, lobbyID: target.lobbyID, logger: logger)
                return PartyJoinLink(client: joining.client, run: { await joining.run() })
            },
            browse: {
                guard let discovery else { return AsyncStream { $0.finish() } }
                return try await discovery.browse()
            })
    }
}

extension PartyNetworkClient: DependencyKey {
    /// Lobbies announced over UDP on the default port.
    public static var liveValue: PartyNetworkClient { .live(discovery: UDPLobbyDiscovery()) }

    /// Each test sets what it uses; the rest fails.
    public static var testValue: PartyNetworkClient {
        PartyNetworkClient(
            host: { _, _, _, _ in throw PartyFailure.cannotOpen(port: 0, reason: "PartyNetworkClient.host is not set in this test") },
            join: { _, _ in throw PartyFailure.cannotOpen(port: 0, reason: "PartyNetworkClient.join is not set in this test") },
            browse: { throw PartyFailure.cannotOpen(port: 0, reason: "PartyNetworkClient.browse is not set in this test") })
    }
}

extension DependencyValues {
    public var partyNetwork: PartyNetworkClient {
        get { self[PartyNetworkClient.self] }
        set { self[PartyNetworkClient.self] = newValue }
    }
}
