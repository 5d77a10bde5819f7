import GameCore
import GameSession
import Logging
import PlayerProfiles

import struct Foundation.UUID

/// A joiner's side of a local-network lobby: the `SessionClient`, its link to the host and its timer.
public struct PartyJoining<Module: GameModule>: Sendable {
    public let client: SessionClient<Module>
    public let transport: PartyJoinTransport

    public init(
        configuration: ClientConfiguration, address: String, port: Int, lobbyID: String, peer: PeerID? = nil,
        timeouts: PartyLinkTimeouts = PartyLinkTimeouts(), logger: Logger = Logger(label: "parlor.party")
    ) {
        transport = PartyJoinTransport(
            host: address, port: port, lobbyID: lobbyID, passcode: configuration.passcode,
            peer: peer ?? PeerID(configuration.profile.id.uuidString), timeouts: timeouts, logger: logger)
        client = SessionClient(
            configuration: configuration, host: PartyHostTransport.hostPeer, transport: transport, clock: SystemSessionClock(), logger: logger)
    }

    /// Joins `lobby` as found by discovery.
    public init(configuration: ClientConfiguration, lobby: DiscoveredLobby, timeouts: PartyLinkTimeouts = PartyLinkTimeouts(), logger: Logger = Logger(label: "parlor.party")) {
        self.init(
            configuration: configuration, address: lobby.address, port: lobby.advertisement.port, lobbyID: lobby.id, timeouts: timeouts,
            logger: logger)
    }

    /// Keeps the link and ticks the session until the session is over or the task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await transport.run(delivering: client) }
            group.addTask { await client.runTicks(every: .milliseconds(100)) }
            group.addTask {
                // Polled: `client.changes` has one reader, the screen or the autoplay.
                while await !client.phase.isOver {
                    guard (try? await Task.sleep(for: .milliseconds(200))) != nil else { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
