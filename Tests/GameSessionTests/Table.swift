import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

/// A host and its clients on one in-memory hub: the harness every session test uses.
struct Table<Module: GameModule> {
    static var hostPeer: PeerID { "host" }
    static func clientPeer(_ index: Int) -> PeerID { PeerID("client-\(index)") }

    let hub: InMemoryTransportHub
    let host: SessionHost<Module>
    let hostProfile: PlayerProfile
    private(set) var clients: [SessionClient<Module>] = []
    private(set) var profiles: [PlayerProfile] = []

    init(
        settings: Module.Settings, seed: GameSeed = 1, faults: FaultPlan = .none, passcode: String? = nil,
        appVersion: String = "1.2.0", timeouts: SessionTimeouts = SessionTimeouts()
    ) async throws {
        hub = InMemoryTransportHub(seed: seed, faults: faults)
        hostProfile = PlayerProfile(username: "Host")
        let configuration = HostConfiguration(
            lobbyID: "lobby-\(seed.value)", appVersion: try #require(SemanticVersion(appVersion)), passcode: passcode,
            timeouts: timeouts, firstSeed: seed)
        let core = try HostSessionCore<Module>(hostProfile: hostProfile, settings: settings, configuration: configuration)
        host = SessionHost(core: core, transport: hub.transport(for: Self.hostPeer), clock: hub.clock)
        await hub.attach(host, as: Self.hostPeer)
    }

    /// Adds a client (not yet connected) and returns its index.
    @discardableResult
    mutating func addClient(
        name: String? = nil, profile: PlayerProfile? = nil, appVersion: String = "1.3.1", passcode: String? = nil,
        games: [GameType: Int]? = nil, timeouts: SessionTimeouts = SessionTimeouts()
    ) async throws -> Int {
        let index = clients.count
        let profile = profile ?? PlayerProfile(username: name ?? "Player \(index + 1)")
        let configuration = ClientConfiguration(
            profile: profile, appVersion: try #require(SemanticVersion(appVersion)), passcode: passcode,
            timeouts: timeouts, games: games ?? GameRegistry([Module.self]).engineVersions)
        let client = SessionClient<Module>(
            configuration: configuration, host: Self.hostPeer, transport: hub.transport(for: Self.clientPeer(index)),
            clock: hub.clock)
        await hub.attach(client, as: Self.clientPeer(index))
        clients.append(client)
        profiles.append(profile)
        return index
    }

    /// Adds `count` clients, connects them and waits until they have joined.
    mutating func seat(_ count: Int) async throws {
        for _ in 0..<count {
            let index = try await addClient()
            await connect(index)
        }
        let clients = self.clients
        let joined = await hub.run(until: { await allJoined(clients) }, limit: .seconds(10))
        try #require(joined)
    }

    func connect(_ index: Int) async {
        await hub.connect(Self.hostPeer, Self.clientPeer(index))
    }

    /// Every client ready, and the host's lobby showing it.
    func readyEveryone() async throws {
        for client in clients { await client.setReady(true) }
        let host = self.host
        let count = clients.count
        let ready = await hub.run(until: { await host.lobby.readyPlayerIDs.count == count }, limit: .seconds(10))
        try #require(ready)
    }

    func run(for duration: Duration) async { await hub.run(for: duration) }

    func phase(_ index: Int) async -> ClientPhase { await clients[index].phase }
}

@Sendable func allJoined<Module: GameModule>(_ clients: [SessionClient<Module>]) async -> Bool {
    for client in clients where await client.phase != .joined { return false }
    return true
}
