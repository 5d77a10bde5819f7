import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

@testable import QuortexFeature
import TestSupport

/// The game screen against the real server on an ephemeral port, two players each with their
/// own client and model: a real-time private game, a chat line from one to the other, a hint
/// refused for want of hints, a resignation both see with the rating change the server counted,
/// the replay, and a rematch offered by one and accepted by the other, both then in it.
///
/// The limit bounds a hang, not a speed: alone a test here takes a second or two, but its main-actor
/// models wait their turn behind the rest of the suite's main-actor work, and with 1,450 tests a green
/// CI run took 258 s for one of them (a loaded one had taken one past two minutes at 400 tests fewer).
@MainActor
@Suite(.timeLimit(.minutes(10)), .liveEffects)
struct QuortexGameLiveTests {
    struct Player {
        let client: ParlorClient
        let model: QuortexGameModel
        let task: Task<Void, Never>

        /// The server's own figure for the player's Quortex rating.
        func serverRating() async throws -> Int? {
            try await client.api.getMyRatings().ok.body.json.ratings.first { $0.gameType == "quortex" }?.rating
        }
    }

    static func signedIn(_ server: URL) async throws -> ParlorClient {
        let client = ParlorClient(serverURL: server, store: MemoryCredentialStore())
        _ = try await client.signIn(.guest(deviceID: UUID().uuidString))
        return client
    }

    /// Opens game `id` in a model that follows it, as the screen's `.task` does.
    static func following(_ id: UUID, client: ParlorClient, queue: URL) -> Player {
        let model = withDependencies {
            $0.quortexGame = .live(client, offlineQueueFile: queue)
        } operation: {
            QuortexGameModel(gameID: id)
        }
        return Player(client: client, model: model, task: Task { await model.run() })
    }

    @Test func twoPlayersChatResignSeeTheirRatingsAndPlayTheRematch() async throws {
        try await withScratchDirectory { directory in
            try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { server in
                let hanaClient = try await Self.signedIn(server)
                let olgaClient = try await Self.signedIn(server)
                let created = try await hanaClient.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "realtime"))).created.body.json
                let code = try #require(created.inviteCode)
                _ = try await olgaClient.api.joinGameByCode(body: .json(.init(code: code))).ok
                let id = try #require(UUID(uuidString: created.id))

                let hana = Self.following(id, client: hanaClient, queue: directory.appendingPathComponent("hana.json"))
                let olga = Self.following(id, client: olgaClient, queue: directory.appendingPathComponent("olga.json"))
                defer {
                    hana.task.cancel()
                    olga.task.cancel()
                }
                // A real-time game starts once both follow it; the seats are dealt then.
                #expect(await eventually { @MainActor in hana.model.table?.view != nil && olga.model.table?.view != nil })
                #expect(await eventually { @MainActor in hana.model.seatNames.count == 2 && olga.model.seatNames.count == 2 })
                #expect(hana.model.isRealtime && hana.model.showsSeating)
                #expect(hana.model.seats.count == 2 && hana.model.seats.filter(\.isYou).count == 1)

                // Chat: a line from Hana reaches Olga, unread until she opens the panel.
                let hanaChat = try #require(hana.model.chat)
                let olgaChat = try #require(olga.model.chat)
                hanaChat.draft = "  good luck  "
                await hanaChat.send()
                #expect(hanaChat.error == nil && hanaChat.draft.isEmpty)
                #expect(await eventually { @MainActor in olgaChat.lines.map(\.text) == ["good luck"] })
                #expect(olgaChat.lines.first?.isMine == false && olgaChat.unreadCount == 1)
                #expect(await eventually { @MainActor in hanaChat.lines.first?.isMine == true })
                hanaChat.draft = String(repeating: "x", count: QuortexChatModel.limit + 1)
                await hanaChat.send()
                #expect(hanaChat.error == "A message has at most 500 characters; this one has 501.")

                // A hint spends a hint the guest does not have: refused with the server's words.
                let mover = try #require([hana, olga].first { $0.model.table?.isMyTurn == true })
                await mover.model.askHint()
                #expect(mover.model.error?.title == "Purchase needed", "\(String(describing: mover.model.error))")
                #expect(mover.model.error?.message.contains("no hints left") == true)
                #expect(mover.model.suggestedPlacement == nil)
                mover.model.dismissError()

                // Olga resigns after a yes; both see the end and the rating change the server counted.
                olga.model.requestResign()
                await olga.model.confirmResign()
                #expect(olga.model.error == nil)
                #expect(await eventually { @MainActor in hana.model.gameOver != nil && olga.model.gameOver != nil })
                let hanaOver = try #require(hana.model.gameOver)
                let olgaOver = try #require(olga.model.gameOver)
                #expect(hanaOver.headline == "You won!" && olgaOver.headline == "You lost")
                #expect(hanaOver.outcome.winType == .resignation)
                #expect(await eventually { @MainActor in hanaOver.rating != .loading && olgaOver.rating != .loading })
                let hanaAfter = try #require(try await hana.serverRating())
                let olgaAfter = try #require(try await olga.serverRating())
                #expect(hanaOver.rating == .changed(before: 1200, after: hanaAfter) && hanaAfter > 1200)
                #expect(olgaOver.rating == .changed(before: 1200, after: olgaAfter) && olgaAfter < 1200)
                #expect(hanaOver.ratingChangeText == Formatting.ratingChange(hanaAfter - 1200))
                #expect(olgaOver.ratingChangeText?.hasPrefix("\u{2212}") == true)

                // The replay: the game's link and its record, resignation included.
                await hanaOver.prepareReplay()
                let replay = try #require(hanaOver.replay, "\(String(describing: hanaOver.replayError))")
                #expect(replay.link.absoluteString == "https://quortex.com/r/\(created.id)")
                #expect(replay.message.contains("(resignation)"))

                // Hana offers a rematch and opens it; Olga sees the offer, accepts, and both are in it.
                await hanaOver.offerRematch()
                let rematch = try #require(hana.model.gameID == id ? nil : hana.model.gameID)
                #expect(hana.model.gameOver == nil && hana.model.waitingText != nil)
                #expect(await eventually { @MainActor in
                    await olgaOver.checkForOffer()
                    return olgaOver.canAcceptRematch
                })
                #expect(olgaOver.rematch == .offered(rematch))
                await olgaOver.acceptRematch()
                #expect(olga.model.gameID == rematch)
                #expect(await eventually { @MainActor in hana.model.table?.view != nil && olga.model.table?.view != nil })
                #expect(await eventually { @MainActor in hana.model.details?.status == .active && hana.model.seatNames.count == 2 })
                #expect(Set([hana.model.table?.viewerSeat, olga.model.table?.viewerSeat]) == [0, 1])
                await hana.model.close()
                await olga.model.close()
            }
        }
    }

    /// A game found through the online match flow (turn-based, by invite code) is taken over
    /// by the game screen as it is: one places a tile through the board, the other resigns,
    /// and closing the screen lets the match go.
    @Test func aGameFromTheMatchFlowIsPlayedToItsEnd() async throws {
        try await withScratchDirectory { directory in
            try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { server in
                @MainActor func match(_ name: String) -> (OnlineMatchModel<Quortex>, ParlorClient) {
                    let client = ParlorClient(serverURL: server, store: MemoryCredentialStore())
                    let online = OnlinePlayClient.live(
                        client, deviceIDFile: nil, offlineQueueFile: directory.appendingPathComponent("\(name)-moves.json"), profiles: nil)
                    return (OnlineMatchModel<Quortex>.using(online), client)
                }
                let (hanaMatch, hanaClient) = match("hana")
                let (olgaMatch, olgaClient) = match("olga")
                await hanaMatch.signIn()
                await hanaMatch.find(.privateGame(players: 2))
                let code = try #require(hanaMatch.inviteCode)
                await olgaMatch.start(.join(code: code))
                await hanaMatch.waitForPlayers()
                #expect(hanaMatch.phase == .playing && olgaMatch.phase == .playing)

                @MainActor func screen(_ match: OnlineMatchModel<Quortex>, _ client: ParlorClient) throws -> Player {
                    let model = try #require(
                        withDependencies { $0.quortexGame = .live(client, offlineQueueFile: nil) } operation: { QuortexGameModel(match: match) })
                    return Player(client: client, model: model, task: Task { await model.run() })
                }
                let hana = try screen(hanaMatch, hanaClient)
                let olga = try screen(olgaMatch, olgaClient)
                defer {
                    hana.task.cancel()
                    olga.task.cancel()
                }
                #expect(await eventually { @MainActor in hana.model.table?.view != nil && olga.model.table?.view != nil })
                #expect(hana.model.gameID == olga.model.gameID && !hana.model.isRealtime && hana.model.chat == nil)
                #expect(hana.model.seatNames.count == 2)

                // The player to move places a legal tile through the board; the other sees it.
                let mover = try #require([hana, olga].first { $0.model.table?.isMyTurn == true })
                let other = mover.model === hana.model ? olga : hana
                let table = try #require(mover.model.table)
                table.jumpToLegal(forward: true)
                await table.place()
                #expect(table.table.refusal == nil, "\(table.table.message ?? "")")
                #expect(await eventually { @MainActor in other.model.table?.view?.placements == 1 })
                #expect(!mover.model.showsSeating && other.model.queuedMoves.isEmpty)

                // The mover resigns; both see the end.
                mover.model.requestResign()
                await mover.model.confirmResign()
                #expect(await eventually { @MainActor in mover.model.gameOver != nil && other.model.gameOver != nil })
                #expect(mover.model.gameOver?.headline == "You lost" && other.model.gameOver?.headline == "You won!")
                await hana.model.close()
                await olga.model.close()
                #expect(hana.model.phase == .closed)
            }
        }
    }
}
