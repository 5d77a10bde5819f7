import ParlorTestSupport
import AppFoundation
import CrazyEights
import Foundation
import GameCore
import GameSession
import PartyFeature
import ParlorClient

import PlayerProfiles
import Testing
import TestSupport

/// Hybrid party against a real server: the host makes a private game, a friend joins with its
/// invite code, both play by themselves to the end, and each party profile counts the match once.
@MainActor
@Suite(.timeLimit(.minutes(3)), .liveEffects)
struct HybridPartyModelTests {
    func party(_ name: String, server: URL, in directory: URL) async throws -> (HybridPartyModel, PartyProfileStore) {
        let profiles = try await PartyProfileStore(directory: directory.appendingPathComponent(name), name: name)
        let client = ParlorClient(serverURL: server)
        let online = OnlineMatchModel<CrazyEights>.using(
            .live(
                client, deviceIDFile: directory.appendingPathComponent("\(name).device"),
                offlineQueueFile: directory.appendingPathComponent("\(name)-moves.json"), profiles: profiles.store))
        return (HybridPartyModel(online: online), profiles)
    }

    @Test func twoPlayAMatchThroughTheServerByInviteCode() async throws {
        try await withScratchDirectory { directory in
            try await withPartyServer { server in
                let (host, hostProfile) = try await party("Hana", server: server, in: directory)
                let (friend, friendProfile) = try await party("Ann", server: server, in: directory)
                await host.online.signIn()
                await host.online.find(.privateGame(players: 2))
                let code = try #require(host.online.inviteCode)
                #expect(host.online.phase == .waitingForPlayers(missing: 1, inviteCode: code))
                async let joined: Void = friend.join(code: code)
                await host.online.waitForPlayers()
                await joined
                #expect(host.online.phase == .playing, "\(host.online.phase)")
                #expect(friend.online.phase == .playing, "\(friend.online.phase)")
                #expect(Set(host.online.seatLabels.keys) == [0, 1])

                async let friendPlays: Void = friend.playByItself()
                await host.playByItself()
                await friendPlays
                await host.online.close()
                await friend.online.close()
                let result = try #require(host.online.resultText)
                #expect(result.hasPrefix("Match over: "), "\(result)")
                #expect(friend.online.resultText == result)
                for profiles in [hostProfile, friendProfile] {
                    #expect(try await profiles.store.load().globalStats.totalGamesPlayed == 1)
                }
                #expect(host.online.recordedMatch?.matchId == friend.online.recordedMatch?.matchId)
            }
        }
    }
}
