import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

/// Who may join: passcodes and versions.
@Suite struct AdmissionTests {
    @Test func aPrivateLobbyNeedsThePasscodeAndNeverSendsIt() async throws {
        var table = try await Table<Race>(settings: RaceSettings(), passcode: "7391")
        let none = try await table.addClient()
        let wrong = try await table.addClient(passcode: "1111")
        let right = try await table.addClient(passcode: "7391")
        for index in [none, wrong, right] { await table.connect(index) }
        await table.run(for: .seconds(2))
        #expect(await table.phase(none) == .rejected(reason: JoinRejection.wrongPasscode))
        #expect(await table.phase(wrong) == .rejected(reason: JoinRejection.wrongPasscode))
        #expect(await table.phase(right) == .joined)
        #expect(await table.clients[right].lobby?.isPrivate == true)

        // Neither the passcode nor its hash is in anything a client received.
        let hash = PasscodeHash.make(passcode: "7391", lobbyID: "lobby-1")
        for index in [none, wrong, right] {
            for frame in await table.hub.delivered[Table<Race>.clientPeer(index)] ?? [] {
                let text = try json(frame)
                #expect(!text.contains("7391") && !text.contains(hash))
            }
        }
        // The join request carried the hash, not the passcode.
        for frame in await table.hub.delivered[Table<Race>.hostPeer] ?? [] {
            #expect(!(try json(frame)).contains("7391"))
        }
    }

    @Test func anIncompatibleAppVersionIsAnUnsupportedGameVersion() async throws {
        var table = try await Table<Race>(settings: RaceSettings(), appVersion: "1.2.0")
        let newerMajor = try await table.addClient(appVersion: "2.0.0")
        let olderMinor = try await table.addClient(appVersion: "1.0.9")
        for index in [newerMajor, olderMinor] { await table.connect(index) }
        await table.run(for: .seconds(1))
        // The client checks the host's version too, so it never even asks.
        #expect(await table.phase(newerMajor) == .rejected(reason: JoinRejection.unsupportedGameVersion))
        #expect(await table.phase(olderMinor) == .joined)
    }

    @Test func theHostRefusesAClientThatLacksItsGame() async throws {
        var table = try await Table<Race>(settings: RaceSettings())
        // A client whose build lists the game on another engine version, one without it, and
        // one whose join request (by hand) says nothing about games.
        let otherEngine = try await table.addClient(games: [Race.gameType: 2])
        let lacking = try await table.addClient(games: ["crazy-eights": 1])
        for index in [otherEngine, lacking] { await table.connect(index) }
        await table.run(for: .seconds(1))
        #expect(await table.phase(otherEngine) == .rejected(reason: JoinRejection.unsupportedGameVersion))
        #expect(await table.phase(lacking) == .rejected(reason: JoinRejection.unsupportedGameVersion))
        #expect(await table.host.lobby.playerProfiles.count == 1)
    }

    @Test func theHostRefusesUnsupportedJoinRequestsOnItsOwn() throws {
        // Straight to the host core: an old client that does not check versions itself.
        var host = try HostSessionCore<Race>(
            hostProfile: PlayerProfile(username: "Host"), settings: RaceSettings(),
            configuration: HostConfiguration(lobbyID: "L", appVersion: SemanticVersion(major: 1, minor: 0, patch: 0), firstSeed: 1))
        let now = SessionInstant(sinceOrigin: .zero)
        func answer(_ appVersion: String, games: [GameType: Int]?) -> [Outgoing] {
            host.receive(
                .joinRequest(profile: PlayerProfile(username: "Old"), appVersion: appVersion, passcodeHash: nil, games: games),
                from: "p", now: now)
        }
        let unsupported = [Outgoing(to: "p", .joinRejected(reason: JoinRejection.unsupportedGameVersion))]
        #expect(answer("2.0.0", games: nil) == unsupported)
        #expect(answer("one", games: nil) == unsupported)
        #expect(answer("1.0.0", games: ["other": 1]) == unsupported)
        #expect(answer("1.0.0", games: [Race.gameType: 9]) == unsupported)
        #expect(answer("1.5.0", games: nil).first?.message.kind == "joinAccepted")
    }

    @Test func aClientWithoutTheHostsGameRejectsTheLobbyItself() async throws {
        // The host plays Race; this client's build only has StrictRace.
        let hub = InMemoryTransportHub(seed: 3)
        let profile = PlayerProfile(username: "Host")
        let core = try HostSessionCore<Race>(
            hostProfile: profile, settings: RaceSettings(),
            configuration: HostConfiguration(lobbyID: "L", appVersion: SemanticVersion(major: 1, minor: 0, patch: 0), firstSeed: 1))
        let host = SessionHost(core: core, transport: hub.transport(for: "host"), clock: hub.clock)
        let client = SessionClient<StrictRace>(
            configuration: ClientConfiguration(
                profile: PlayerProfile(username: "Old"), appVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                games: [StrictRace.gameType: 1]),
            host: "host", transport: hub.transport(for: "old"), clock: hub.clock)
        await hub.attach(host, as: "host")
        await hub.attach(client, as: "old")
        await hub.connect("host", "old")
        await hub.run(for: .seconds(1))
        #expect(await client.phase == .rejected(reason: JoinRejection.unsupportedGameVersion))
        #expect(await host.lobby.playerProfiles.count == 1)
        // It never sent a join request.
        let sent = await hub.delivered["host"] ?? []
        #expect(try sent.allSatisfy { !(try json($0)).contains("joinRequest") })
    }
}

/// The JSON inside a frame.
func json(_ frame: Data) throws -> String {
    guard case .message(let message) = try MessageCodec.decode(frame) else { return "" }
    return String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
}
