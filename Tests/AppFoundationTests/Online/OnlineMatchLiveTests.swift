import ParlorTestSupport
import AppFoundation
import Foundation
import GameCore
import GameSession
import ParlorClient

import PlayerProfiles
import Quortex
import Testing
import TestSupport

/// The online flow against the real server on an ephemeral port: guests, a private game joined
/// by its code, a resignation after a yes, and the authority's outcome counted once.
@MainActor
@Suite(.timeLimit(.minutes(3)), .liveEffects)
struct OnlineMatchLiveTests {
    func player(_ name: String, server: URL, in directory: URL) -> (OnlineMatchModel<Quortex>, ProfileStore, ParlorClient) {
        let profiles = ProfileStore(directory: directory.appendingPathComponent(name), defaultUsername: name)
        let client = ParlorClient(serverURL: server, store: FileCredentialStore(url: directory.appendingPathComponent("\(name).json")))
        let model = OnlineMatchModel<Quortex>.using(
            .live(
                client, deviceIDFile: directory.appendingPathComponent("\(name).device"),
                offlineQueueFile: directory.appendingPathComponent("\(name)-moves.json"), profiles: profiles))
        return (model, profiles, client)
    }

    @Test func aFriendJoinsByCodeResignsAndTheWinnerCountsIt() async throws {
        try await withScratchDirectory { directory in
            try await withOnlineServer { server in
                let (olga, olgaProfile, _) = player("olga", server: server, in: directory)
                let (gus, _, _) = player("gus", server: server, in: directory)
                await olga.signIn()
                #expect(olga.phase == .signedIn)
                await olga.find(.privateGame(players: 2))
                let code = try #require(olga.inviteCode)
                #expect(olga.waitText == "Waiting for 1 more player(s)…")
                await gus.start(.join(code: code))
                await olga.waitForPlayers()
                #expect(olga.phase == .playing && gus.phase == .playing, "\(olga.phase) \(gus.phase)")
                #expect(olga.seatLabels.count == 2)
                #expect(olga.yourSeat != gus.yourSeat)
                let winner = try #require(olga.yourSeat)

                gus.requestResign()
                await gus.confirmResign()
                #expect(gus.phase == .resigned)
                await gus.close()
                // Olga's view carries no resignation: the authority's outcome says it.
                await olga.finish(viewOutcome: nil)
                #expect(olga.phase == .finished(GameOutcome(winners: [winner], winType: .resignation)))
                await olga.close()
                #expect(try await olgaProfile.load().globalStats.totalGamesPlayed == 1)
                #expect(olga.recordedMatch?.matchId.uuidString.lowercased() == olga.game?.id)
            }
        }
    }

    /// The same profile is the same guest: its stored session is used again, and without it the
    /// device id made the first time signs in as the same account.
    @Test func aProfileIsTheSameGuestEachTime() async throws {
        try await withScratchDirectory { directory in
            try await withOnlineServer { server in
                let (first, _, client) = player("p", server: server, in: directory)
                await first.signIn()
                let id = try #require(first.player?.id)
                let (again, _, _) = player("p", server: server, in: directory)
                await again.signIn()
                #expect(again.player?.id == id)
                try await client.signOut()
                let (afterSignOut, _, _) = player("p", server: server, in: directory)
                await afterSignOut.signIn()
                #expect(afterSignOut.player?.id == id)
            }
        }
    }
}
