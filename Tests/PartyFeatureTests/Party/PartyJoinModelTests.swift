import Clocks
import CrazyEights
import Dependencies
import Foundation
import GameCore
import GameSession
import PartyFeature
import PartyNetwork

import PlayerProfiles
import Testing
import TestSupport

/// Finding the lobby to join, with discovery's test value: lobbies heard, choices, passcodes and
/// every way it fails, without a network.
@MainActor
@Suite struct PartyJoinModelTests {
    func heard(_ id: String, host: String, isPrivate: Bool = false, isOpen: Bool = true) -> DiscoveredLobby {
        DiscoveredLobby(
            advertisement: LobbyAdvertisement(
                lobbyID: id, game: CrazyEights.gameType, hostName: host, players: 1, maxPlayers: 8, isPrivate: isPrivate, appVersion: "1.0.0",
                isOpen: isOpen, port: 4000),
            address: "10.0.0.7")
    }

    /// A model whose discovery hears `lists` one after another, then nothing more.
    func model(hearing lists: [[DiscoveredLobby]], passcode: String? = nil, in directory: URL) async throws -> PartyJoinModel {
        let profiles = try await PartyProfileStore(directory: directory, name: "Ann")
        var network = PartyNetworkClient.testValue
        network.browse = {
            AsyncStream { sink in
                for list in lists { sink.yield(list) }
                sink.finish()
            }
        }
        return withDependencies {
            $0.partyNetwork = network
            $0.continuousClock = TestClock()
        } operation: {
            PartyJoinModel(profiles: profiles, appVersion: SemanticVersion(major: 1, minor: 0, patch: 0), passcode: passcode)
        }
    }

    @Test func theFirstOpenLobbyIsJoinedWhenNobodyChooses() async throws {
        try await withScratchDirectory { directory in
            let model = try await model(hearing: [[], [heard("busy", host: "Cy", isOpen: false), heard("open1", host: "Bo")]], in: directory)
            #expect(model.phase == .idle)
            await model.find(nil, wait: .seconds(5), discoveryPort: 47_800, choosing: false)
            #expect(model.phase == .found(PartyJoinTarget(address: "10.0.0.7", port: 4000, lobbyID: "open1", hostName: "Bo", isPrivate: false)))
        }
    }

    @Test func aLobbyIsNamedByItsHostsNameInAnyCase() async throws {
        try await withScratchDirectory { directory in
            let model = try await model(hearing: [[heard("aaa", host: "Bo"), heard("bbb", host: "Hana")]], in: directory)
            await model.find("hana", wait: .seconds(5), discoveryPort: 47_800, choosing: true)
            #expect(model.target?.lobbyID == "bbb")
        }
    }

    @Test func severalLobbiesAreOfferedToChooseFrom() async throws {
        try await withScratchDirectory { directory in
            let lobbies = [heard("aaa", host: "Bo"), heard("bbb", host: "Hana")]
            let model = try await model(hearing: [lobbies], in: directory)
            await model.find(nil, wait: .seconds(5), discoveryPort: 47_800, choosing: true)
            #expect(model.phase == .choosing(lobbies))
            #expect(model.choiceLines.first == "aaa  Bo's crazy-eights  1/8 players  public  open  app 1.0.0  10.0.0.7:4000")
            model.choose(lobbies[1])
            #expect(model.target?.lobbyID == "bbb")

            let undecided = try await self.model(hearing: [lobbies], in: directory)
            await undecided.find(nil, wait: .seconds(5), discoveryPort: 47_800, choosing: true)
            undecided.choose(nil)
            #expect(undecided.failure == .noLobbyChosen)
        }
    }

    @Test func aPrivateLobbyAsksForItsPasscode() async throws {
        try await withScratchDirectory { directory in
            let secret = heard("priv", host: "Hana", isPrivate: true)
            let model = try await model(hearing: [[secret]], in: directory)
            await model.find("priv", wait: .seconds(5), discoveryPort: 47_800, choosing: true)
            #expect(model.phase == .needsPasscode(PartyJoinTarget(secret)))
            model.providePasscode("4321")
            #expect(model.phase == .found(PartyJoinTarget(secret)))
            #expect(model.passcode == "4321")

            let givenUp = try await self.model(hearing: [[secret]], in: directory)
            await givenUp.find("priv", wait: .seconds(5), discoveryPort: 47_800, choosing: true)
            givenUp.providePasscode(nil)
            #expect(givenUp.failure == .noPasscodeGiven(lobbyID: "priv"))

            let script = try await self.model(hearing: [[secret]], in: directory)
            await script.find("priv", wait: .seconds(5), discoveryPort: 47_800, choosing: false)
            script.cannotAskForPasscode()
            #expect(script.failure == .passcodeNeeded(lobbyID: "priv", hostName: "Hana"))
            #expect(script.failure?.description == "lobby priv (Hana's) is private: join with its passcode")

            let known = try await self.model(hearing: [[secret]], passcode: "4321", in: directory)
            await known.find("priv", wait: .seconds(5), discoveryPort: 47_800, choosing: false)
            #expect(known.phase == .found(PartyJoinTarget(secret)), "a passcode given up front is not asked again")
        }
    }

    @Test func noLobbyHeardIsTheFailure() async throws {
        try await withScratchDirectory { directory in
            let model = try await model(hearing: [[], [heard("other", host: "Bo")]], in: directory)
            await model.find("nosuchlobby", wait: .seconds(2), discoveryPort: 47_801, choosing: false)
            #expect(model.failure == .noLobbyHeard(filter: "nosuchlobby", discoveryPort: 47_801, wait: .seconds(2)))
            #expect(model.failure?.description == "no lobby 'nosuchlobby' heard on UDP port 47801 within 2.0 seconds")
        }
    }

    @Test func anAddressIsHostColonPort() async throws {
        try await withScratchDirectory { directory in
            let model = try await model(hearing: [], in: directory)
            model.connect(address: "192.168.1.9", lobbyID: "x")
            #expect(model.failure == .badAddress("192.168.1.9"))
            let direct = try await self.model(hearing: [], in: directory)
            direct.connect(address: "192.168.1.9:4100", lobbyID: "x")
            #expect(direct.phase == .found(PartyJoinTarget(address: "192.168.1.9", port: 4100, lobbyID: "x", hostName: "192.168.1.9", isPrivate: false)))
        }
    }
}
