import ParlorTestSupport
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

/// The party models over the real thing: a host's lobby on a TCP port of this machine, a bot
/// and a joiner that join it over encrypted TCP, and the match played to its end by itself.
@MainActor
@Suite(.timeLimit(.minutes(3)), .liveEffects)
struct PartyOverTCPTests {
    static let version = SemanticVersion(major: 1, minor: 0, patch: 0)

    @Test func aHostABotAndAJoinerPlayAMatchToTheEnd() async throws {
        try await withScratchDirectory { directory in
            // No announcements: the joiner is given the host's address, as `--address` does.
            let network = PartyNetworkClient.live(discovery: nil)
            var settings = CrazyEightsSettings(preset: .classic)
            settings.targetScore = 20
            let host = PartyHostModel.using(
                network, options: .init(settings: settings, bots: 1, appVersion: Self.version),
                profiles: try await PartyProfileStore(directory: directory.appendingPathComponent("Hana"), name: "Hana"))
            await host.open()
            defer { host.close() }
            let port = try #require(host.port)
            let lobbyID = try #require(host.lobbyID)
            #expect(host.phase == .gathering)
            #expect(host.banner == "Lobby \(lobbyID) · port \(port)")

            let joiner = PartyJoinModel.using(
                network, profiles: try await PartyProfileStore(directory: directory.appendingPathComponent("Ann"), name: "Ann"),
                appVersion: Self.version)
            joiner.connect(address: "127.0.0.1:\(port)", lobbyID: lobbyID)
            joiner.join()
            defer { joiner.close() }
            #expect(joiner.phase == .inLobby)
            #expect(await joiner.waitUntilJoined())
            // The joiner's lobby model reads the host's lobby over the link.
            let lobby = try #require(joiner.lobby)
            await lobby.refresh()
            #expect(lobby.players.first?.name == "Hana")
            #expect(lobby.settingsLines.first == "Rules: classic · match to 20 points")

            async let joined = joiner.readyAndWaitForStart()
            await host.startWhenReady(players: 3)
            #expect(host.phase == .playing)
            #expect(await host.playerCount() == 3)
            #expect(await joined)
            #expect(await host.seatNames().values.sorted() == ["Ann", "Bot 1", "Hana"])

            async let joinerPlays: Void = joiner.playByItself()
            await host.playByItself()
            await joinerPlays
            try await host.finish()
            try await joiner.finish()
            let result = try #require(host.resultText)
            #expect(result.hasPrefix("Match over: "), "\(result)")
            #expect(joiner.resultText == result)
            #expect(joiner.phase == .finished)
            // Each profile counted the match once.
            for name in ["Hana", "Ann"] {
                let profile = try await ProfileStore(directory: directory.appendingPathComponent(name), defaultUsername: name).load()
                #expect(profile.globalStats.totalGamesPlayed == 1, "\(name)")
            }
        }
    }

    @Test func aWrongPasscodeIsTheRefusal() async throws {
        try await withScratchDirectory { directory in
            let network = PartyNetworkClient.live(discovery: nil)
            let host = PartyHostModel.using(
                network, options: .init(settings: CrazyEightsSettings(), passcode: "4321", appVersion: Self.version),
                profiles: try await PartyProfileStore(directory: directory.appendingPathComponent("Hana"), name: "Hana"))
            await host.open()
            defer { host.close() }
            let port = try #require(host.port)
            let lobbyID = try #require(host.lobbyID)
            let joiner = PartyJoinModel.using(
                network, profiles: try await PartyProfileStore(directory: directory.appendingPathComponent("Eve"), name: "Eve"),
                appVersion: Self.version, passcode: "0000")
            joiner.connect(address: "127.0.0.1:\(port)", lobbyID: lobbyID)
            joiner.join()
            defer { joiner.close() }
            #expect(await !joiner.waitUntilJoined())
            try await joiner.finish()
            #expect(joiner.failure == .sessionOver(.rejected(reason: JoinRejection.wrongPasscode)))
            #expect(joiner.failure?.description == "Refused: Wrong passcode")
        }
    }
}
