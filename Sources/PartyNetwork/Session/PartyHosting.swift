import GameCore
import GameSession
import Logging
import PlayerProfiles

/// A lobby hosted on the local network: the authoritative `SessionHost`, its TCP listener, its
/// timer, and its advertisement kept up to date with the lobby.
public struct PartyHosting<Module: GameModule>: Sendable {
    public let host: SessionHost<Module>
    public let transport: PartyHostTransport
    public let hostName: String
    private let discovery: (any LobbyDiscovery)?

    /// Opens the lobby's listener (on `port`, 0 for any) and makes its host; `run` serves it.
    public init(
        profile: PlayerProfile, settings: Module.Settings, configuration: HostConfiguration, port: Int = 0,
        discovery: (any LobbyDiscovery)?, timeouts: PartyLinkTimeouts = PartyLinkTimeouts(), logger: Logger = Logger(label: "parlor.party")
    ) async throws {
        let core = try HostSessionCore<Module>(hostProfile: profile, settings: settings, configuration: configuration)
        transport = try await PartyHostTransport.listen(
            port: port, lobbyID: configuration.lobbyID, passcode: configuration.passcode, timeouts: timeouts, logger: logger)
        host = SessionHost(core: core, transport: transport, clock: SystemSessionClock(), logger: logger)
        hostName = profile.username
        self.discovery = discovery
    }

    /// Serves joiners, ticks the session and advertises the lobby until cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await transport.run(delivering: host) }
            group.addTask { await host.runTicks(every: .milliseconds(100)) }
            if let discovery {
                group.addTask {
                    let (advertisements, sink) = AsyncStream.makeStream(of: LobbyAdvertisement.self, bufferingPolicy: .bufferingNewest(1))
                    // Polled, not followed: `host.changes` has one reader, the screen or the autoplay.
                    let feeder = Task {
                        var last: LobbyAdvertisement?
                        while !Task.isCancelled {
                            let current = await advertisement()
                            if current != last { sink.yield(current) }
                            last = current
                            try? await Task.sleep(for: .milliseconds(250))
                        }
                        sink.finish()
                    }
                    try? await discovery.advertise(advertisements)
                    feeder.cancel()
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// What the lobby looks like to joiners nearby now.
    public func advertisement() async -> LobbyAdvertisement {
        let lobby = await host.lobby
        return LobbyAdvertisement(
            lobbyID: lobby.id, game: Module.gameType, hostName: hostName, players: lobby.playerProfiles.count,
            maxPlayers: Module.policy.maxPlayers, isPrivate: lobby.isPrivate, appVersion: lobby.appVersion ?? "",
            isOpen: (lobby.phase ?? .gathering) == .gathering, port: transport.port)
    }
}
