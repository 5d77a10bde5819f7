import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import Testing

/// The mode and turn time of a new game reach the real server, and its refusals come back typed.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct OnlineGameModeLiveTests {
    func signedIn(_ server: URL) async throws -> (OnlineMatchModel<Quortex>, ParlorClient) {
        let client = ParlorClient(serverURL: server, store: MemoryCredentialStore())
        _ = try await client.signIn(.guest(deviceID: "device-mode-\(UUID().uuidString)"))
        let model = OnlineMatchModel<Quortex>.using(.live(client, deviceIDFile: nil, offlineQueueFile: nil, profiles: nil))
        return (model, client)
    }

    @Test func aRealTimeGameWithItsTurnTimeIsMade() async throws {
        try await withOnlineServer { server in
            let (model, client) = try await signedIn(server)
            model.newGameMode = .realTime
            model.newGameTurnSeconds = 30
            await model.find(.privateGame(players: 3))
            let id = try #require(model.game?.id)
            #expect(model.game?.mode == .realTime)
            let game = try await client.api.getGame(path: .init(gameID: id)).ok.body.json
            #expect(game.mode == .realtime)
            #expect(game.turnSeconds == 30)
            #expect(game.players == 3)
        }
    }

    @Test func aTurnTimeTheServerDoesNotTakeIsItsRefusal() async throws {
        try await withOnlineServer { server in
            let (model, _) = try await signedIn(server)
            model.newGameTurnSeconds = 2
            await model.find(.privateGame(players: 2))
            let error = try #require(model.error)
            #expect(error.kind == .invalidInput)
            #expect(error.fields.map(\.field) == ["turn_seconds"])
        }
    }

    @Test func cancellingQuickMatchLeavesTheServersQueue() async throws {
        try await withOnlineServer { server in
            let (model, client) = try await signedIn(server)
            await model.find(.quickMatch(players: 6))
            #expect(model.phase == .searching(otherPlayers: 5))
            let waiting = Task { await model.waitForMatch() }
            await model.cancelSearch()
            await waiting.value
            #expect(model.phase == .signedIn)
            do {
                _ = try await client.api.getQuickMatch().ok
                Issue.record("still in the queue after cancelling")
            } catch {
                // The entry is gone: `getQuickMatch` answers 404, which `.ok` refuses.
            }
        }
    }
}
