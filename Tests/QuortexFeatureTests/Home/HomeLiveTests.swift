import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import QuortexFeature
import ServerTestSupport
import Testing

/// A signed-in guest and the Home and games-list models over their live dependencies.
@MainActor
struct LivePlayer {
    let client: ParlorClient
    let user: Components.Schemas.User
    let home: QuortexHomeModel
    let games: TurnBasedGamesModel

    init(_ name: String, server: URL) async throws {
        client = ParlorClient(serverURL: server, store: MemoryCredentialStore())
        user = try await client.signIn(.guest(deviceID: "device-\(name)-\(UUID().uuidString)", displayName: name))
        let client = client
        (home, games) = withDependencies {
            $0.onlinePlay = .live(client, deviceIDFile: nil, offlineQueueFile: nil, profiles: nil)
            $0.onlineGames = .live(client)
        } operation: { (QuortexHomeModel(), TurnBasedGamesModel()) }
    }

    /// The game as the server shows it to this player.
    func game(_ route: QuortexRoute?) async throws -> Components.Schemas.Game {
        guard case .game(let id) = route else { throw LiveHomeError.noGame(route) }
        return try await client.api.getGame(path: .init(gameID: id.uuidString.lowercased())).ok.body.json
    }

    /// A turn-based two-player game made through Home's form; answers its invite code.
    func createTurnBasedGame() async throws -> String {
        home.showPrivateGameForm()
        home.privateGameForm.mode = .turnBased
        home.privateGameForm.players = 2
        await home.createPrivateGame()
        guard let code = home.createdInviteCode else { throw LiveHomeError.noCode(home.error) }
        return code
    }
}

enum LiveHomeError: Error {
    case noGame(QuortexRoute?)
    case noCode(ErrorPresentation?)
}

/// Home and the games list against the real server on an ephemeral port.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct HomeLiveTests {
    @Test func twoPlayersQuickMatchedMeetInOneStartedGame() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let olga = try await LivePlayer("olga", server: url)
            let gus = try await LivePlayer("gus", server: url)
            for player in [olga, gus] {
                player.home.quickMatchMode = .turnBased
                player.home.quickMatchPlayers = 2
            }
            async let first: Void = olga.home.startQuickMatch()
            async let second: Void = gus.home.startQuickMatch()
            _ = await (first, second)
            #expect(olga.home.error == nil && gus.home.error == nil, "\(String(describing: olga.home.error)) \(String(describing: gus.home.error))")
            let route = try #require(olga.home.route)
            #expect(gus.home.route == route)
            let game = try await olga.game(route)
            #expect(game.status == .active)
            #expect(game.mode == .turnBased)
            #expect(Set(game.seats.map(\.user)) == [olga.user.id, gus.user.id])
        }
    }

    @Test func aPrivateGameJoinedByCodeIsInBothPlayersGamesToContinue() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let olga = try await LivePlayer("olga", server: url)
            let gus = try await LivePlayer("gus", server: url)
            let code = try await olga.createTurnBasedGame()
            let link = try #require(olga.home.shareLink)
            #expect(DeepLinkRouter(product: .quortex).route(link) == .success(.quortexInvite(code: code)))
            await olga.home.load()
            #expect(olga.home.continueGames.first?.detail == "Waiting for 1 more player · code \(code)")

            // A mistyped code is refused by the server with its words; the right one joins.
            gus.home.joinCode = "23456A"
            await gus.home.join()
            #expect(gus.home.route == nil)
            #expect(gus.home.error != nil)
            gus.home.joinCode = code.lowercased()
            await gus.home.join()
            let game = try await gus.game(gus.home.route)
            #expect(game.id == olga.home.createdGame?.id)
            #expect(game.status == .active)

            for player in [olga, gus] {
                await player.home.load()
                #expect(player.home.loadError == nil)
                #expect(player.home.continueGames.map(\.id) == [game.id])
            }
            // The one to move sees it first as their turn, the other as the other's turn.
            let mover = try #require(game.currentSeats?.first)
            let olgaMoves = olga.home.continueGames[0].game.yourSeat == mover
            #expect(olga.home.continueGames[0].isYourTurn == olgaMoves)
            #expect(gus.home.continueGames[0].isYourTurn == !olgaMoves)
            #expect(olga.home.continueGames[0].title == "vs gus")
        }
    }

    @Test func anInvitationIsAcceptedThroughHomeAndADeclinedOneIsGone() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let olga = try await LivePlayer("olga", server: url)
            let gus = try await LivePlayer("gus", server: url)
            _ = try await olga.createTurnBasedGame()
            let invited = try #require(olga.home.createdGame?.id)
            _ = try await olga.client.api.inviteToGame(path: .init(gameID: invited), body: .json(.init(users: [gus.user.id]))).created.body.json

            await gus.home.load()
            let invitation = try #require(gus.home.invitations.first)
            #expect(gus.home.invitations.count == 1)
            #expect(invitation.fromName == "olga")
            #expect(invitation.game.id == invited)
            await gus.home.accept(invitation)
            #expect(gus.home.error == nil)
            #expect(try await gus.game(gus.home.route).status == .active)
            await gus.home.load()
            #expect(gus.home.invitations.isEmpty)
            #expect(gus.home.continueGames.map(\.id) == [invited])

            // A second game's invitation, declined, is gone: accepting it afterwards is refused.
            _ = try await olga.createTurnBasedGame()
            let second = try #require(olga.home.createdGame?.id)
            #expect(second != invited)
            _ = try await olga.client.api.inviteToGame(path: .init(gameID: second), body: .json(.init(users: [gus.user.id]))).created.body.json
            await gus.home.load()
            let declined = try #require(gus.home.invitations.first)
            await gus.home.decline(declined)
            #expect(gus.home.invitations.isEmpty)
            await gus.home.load()
            #expect(gus.home.invitations.isEmpty)
            gus.home.route = nil
            await gus.home.follow(.acceptInvitation(id: declined.id, game: try #require(UUID(uuidString: second))))
            #expect(gus.home.route == nil)
            #expect(gus.home.error != nil)
        }
    }

    @Test func theGamesListPutsYourTurnFirstAndTheFinishedLast() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let olga = try await LivePlayer("olga", server: url)
            let gus = try await LivePlayer("gus", server: url)
            // One game played to its end (gus resigns), one still being played.
            gus.home.joinCode = try await olga.createTurnBasedGame()
            await gus.home.join()
            let finished = try await gus.game(gus.home.route)
            _ = try await gus.client.api.resignGame(path: .init(gameID: finished.id), body: .json(.init(moveId: UUID().uuidString))).ok
            gus.home.joinCode = try await olga.createTurnBasedGame()
            await gus.home.join()
            let playing = try await gus.game(gus.home.route)
            let mover = try #require(playing.currentSeats?.first)
            let gusMoves = playing.yourSeat == mover

            for player in [olga, gus] {
                await player.games.load()
                #expect(player.games.error == nil)
                let mine = player.user.id == gus.user.id ? gusMoves : !gusMoves
                #expect(player.games.yourTurn.map(\.id) == (mine ? [playing.id] : []))
                #expect(player.games.theirTurn.map(\.id) == (mine ? [] : [playing.id]))
                #expect(player.games.finished.map(\.id) == [finished.id])
                #expect(!player.games.canLoadMore)
            }
            #expect(olga.games.finished.first?.detail == "You won")
            #expect(gus.games.finished.first?.detail == "olga won")
            gus.games.open(try #require(gus.games.finished.first))
            #expect(gus.games.route == .game(try #require(UUID(uuidString: finished.id))))
        }
    }
}
