import GameCore

/// What a host announces about its lobby to the devices around it.
public struct LobbyAdvertisement: Codable, Hashable, Sendable {
    public var lobbyID: String
    public var game: GameType
    public var hostName: String
    public var players: Int
    public var maxPlayers: Int
    public var isPrivate: Bool
    /// The host's app version: a joiner can tell before joining whether it would be refused.
    public var appVersion: String
    /// False once the game has started (the lobby is shown, but only its players may rejoin).
    public var isOpen: Bool
    /// The TCP port of the host's `PartyHostTransport`.
    public var port: Int

    public init(
        lobbyID: String, game: GameType, hostName: String, players: Int, maxPlayers: Int, isPrivate: Bool, appVersion: String,
        isOpen: Bool, port: Int
    ) {
        self.lobbyID = lobbyID
        self.game = game
        self.hostName = hostName
        self.players = players
        self.maxPlayers = maxPlayers
        self.isPrivate = isPrivate
        self.appVersion = appVersion
        self.isOpen = isOpen
        self.port = port
    }
}

/// A lobby heard on the network, and the address its host answered from.
public struct DiscoveredLobby: Hashable, Sendable, Identifiable {
    public var advertisement: LobbyAdvertisement
    public var address: String

    public var id: String { advertisement.lobbyID }

    public init(advertisement: LobbyAdvertisement, address: String) {
        self.advertisement = advertisement
        self.address = address
    }
}

/// How hosts make their lobbies known and joiners list them. Bonjour (`_oneforboys._tcp`) on
/// Apple platforms; UDP announcements on the local network elsewhere (`UDPLobbyDiscovery`).
public protocol LobbyDiscovery: Sendable {
    /// Announces the latest of `advertisements` until the task is cancelled or the stream ends,
    /// then says the lobby is gone.
    func advertise(_ advertisements: AsyncStream<LobbyAdvertisement>) async throws

    /// The lobbies around, sorted by host name, given again whenever one appears, changes or
    /// vanishes, until the task iterating it is cancelled.
    func browse() async throws -> AsyncStream<[DiscoveredLobby]>
}
