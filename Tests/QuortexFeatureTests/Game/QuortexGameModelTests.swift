import AppFoundation
import Dependencies
import Foundation
import GameCore
import GameSession
import ParlorClient
import Quortex
import Synchronization
import Testing

@testable import QuortexFeature
import TestSupport

/// The online game screen's states (loading, a game that cannot be read, content, the end) and
/// intents (seating, resign, hint, queued moves), against a scripted endpoint and set closures.
@MainActor
@Suite struct QuortexGameModelTests {
    func model(_ client: QuortexGameClient) -> QuortexGameModel {
        withDependencies {
            $0.quortexGame = client
            $0.uuid = .incrementing
        } operation: {
            QuortexGameModel(gameID: GameFixtures.gameID)
        }
    }

    @Test func aGameThatCannotBeReadFailsWithTheServersWords() async {
        var client = QuortexGameClient.unimplemented
        client.game = { _ throws(ParlorError) in throw ParlorError(kind: .notFound, code: "not_found", message: "no such game", status: 404) }
        let model = model(client)
        #expect(model.phase == .loading && model.table == nil)
        await model.open()
        guard case .failed(let error) = model.phase else {
            Issue.record("expected a failure, got \(model.phase)")
            return
        }
        #expect(error.title == "Not found")
        #expect(error.message.hasPrefix("No such game."))
        #expect(model.table == nil && model.chat == nil)
    }

    @Test func anOpenedRealtimeGameShowsTheBoardSeatsSeatingAndChat() async throws {
        let state = try GameFixtures.freshState()
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(state, seat: 0))
        let probe = ConnectionProbe()
        let log = GameCallLog()
        let model = model(.scripted(details: GameFixtures.details(), connection: probe.connection(endpoint), log: log))
        await model.open()
        #expect(model.phase == .playing)
        #expect(log.all == ["game", "rating", "open"])
        let table = try #require(model.table)
        await table.refresh()
        await model.noteChange()
        #expect(model.seatNames == [0: "Hana", 1: "Olga"])
        #expect(model.isRealtime && model.chat != nil)
        #expect(model.showsSeating)
        #expect(model.seating.map(\.text) == ["P1 you: join lower left and upper right", "P2 Olga: join top and bottom"])
        model.dismissSeating()
        #expect(!model.showsSeating)
        #expect(model.seats.map(\.label) == ["P1 you", "P2 Olga"])
        #expect(model.seats.map(\.isAway) == [false, true])
        #expect(model.seats.filter(\.isToMove).map(\.seat) == [state.currentSeat])
        #expect(model.gameOver == nil && model.queuedMoves.isEmpty && model.refusedMoves.isEmpty)
        await model.close()
        #expect(model.phase == .closed && probe.closes.withLock { $0 } == 1)
    }

    @Test func aTurnBasedGameHasNoChat() async throws {
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(try GameFixtures.freshState(), seat: 0))
        let model = model(.scripted(details: GameFixtures.details(realtime: false), connection: ConnectionProbe().connection(endpoint)))
        await model.open()
        #expect(model.phase == .playing && model.chat == nil && !model.isRealtime)
    }

    @Test func resigningAsksFirstThenEndsTheGameWithTheRatingChange() async throws {
        let state = try GameFixtures.freshState()
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(state, seat: 0))
        let log = GameCallLog()
        var client = QuortexGameClient.scripted(
            details: GameFixtures.details(), connection: ConnectionProbe().connection(endpoint), ratings: [1200, 1192], log: log)
        let resigned = try Quortex.reduce(state, .resign, by: 0)
        client.resign = { _ throws(ParlorError) in
            log.append("resign")
            await endpoint.show(GameFixtures.snapshot(resigned, seat: 0))
        }
        let model = model(client)
        await model.open()
        await model.table?.refresh()
        #expect(model.canResign)
        await model.confirmResign()
        #expect(!log.all.contains("resign"), "resigning is asked first")
        model.requestResign()
        #expect(model.confirmingResign)
        model.cancelResign()
        #expect(!model.confirmingResign && model.canResign)
        model.requestResign()
        await model.confirmResign()
        #expect(log.all.filter { $0 == "resign" }.count == 1)
        let over = try #require(model.gameOver)
        #expect(model.showsGameOver && !model.canResign)
        #expect(over.headline == "You lost")
        #expect(over.verdict == "Game over: P2 Olga won (resignation).")
        #expect(over.rating == .changed(before: 1200, after: 1192))
        #expect(over.ratingChangeText == "\u{2212}8")
        model.hideGameOver()
        #expect(!model.showsGameOver)
    }

    @Test func aRefusedResignationIsShownAndTheGameGoesOn() async throws {
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(try GameFixtures.freshState(), seat: 0))
        var client = QuortexGameClient.scripted(details: GameFixtures.details(), connection: ConnectionProbe().connection(endpoint))
        client.resign = { _ throws(ParlorError) in
            throw ParlorError(kind: .notYourTurn, code: "game_over", message: "the game is over", status: 422)
        }
        let model = model(client)
        await model.open()
        await model.table?.refresh()
        model.requestResign()
        await model.confirmResign()
        #expect(model.error?.message.hasPrefix("The game is over.") == true)
        #expect(model.gameOver == nil && !model.isResigning)
        model.dismissError()
        #expect(model.error == nil)
    }

    @Test func aHintIsShownAsTheSuggestedPlacementUntilTheBoardChanges() async throws {
        let state = try GameFixtures.freshState()
        let seat = state.currentSeat
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(state, seat: seat))
        let view = Quortex.view(of: state, for: .player(seat: seat))
        let suggestion = try #require(view.legalPlacements?.last)
        var client = QuortexGameClient.scripted(
            details: GameFixtures.details(yourSeat: seat), connection: ConnectionProbe().connection(endpoint))
        let asked = GameCallLog()
        client.hint = { id, hintID throws(ParlorError) in
            asked.append("\(id == GameFixtures.gameID) \(hintID)")
            return QuortexHint(placement: suggestion, remaining: 2)
        }
        let model = model(client)
        await model.open()
        await model.table?.refresh()
        #expect(model.canAskHint && model.suggestedPlacement == nil)
        await model.askHint()
        #expect(asked.all == ["true 00000000-0000-0000-0000-000000000000"])
        #expect(model.suggestedPlacement == suggestion)
        #expect(model.hintText == "Suggested: \(suggestion.cell.name) turned \(suggestion.rotation) · 2 hints left")
        #expect(model.table?.cursor.cell == suggestion.cell)
        // Once a tile is placed, the suggestion no longer applies.
        let next = try Quortex.reduce(state, .place(suggestion), by: seat)
        await endpoint.show(GameFixtures.snapshot(next, seat: seat))
        await model.table?.refresh()
        #expect(model.suggestedPlacement == nil && model.hintText == nil)
    }

    @Test func aHintRefusedForWantOfHintsSaysSo() async throws {
        let state = try GameFixtures.freshState()
        let seat = state.currentSeat
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(state, seat: seat))
        var client = QuortexGameClient.scripted(details: GameFixtures.details(yourSeat: seat), connection: ConnectionProbe().connection(endpoint))
        client.hint = { _, _ throws(ParlorError) in
            throw ParlorError(kind: .paymentRequired, code: "no_hints_left", message: "no hints left", status: 402)
        }
        let model = model(client)
        await model.open()
        await model.table?.refresh()
        await model.askHint()
        #expect(model.error?.title == "Purchase needed")
        #expect(model.error?.message == "No hints left. Buy a pack or subscribe to continue.")
        #expect(model.error?.recovery == .openStore)
        #expect(model.suggestedPlacement == nil && !model.isAskingHint)
    }

    @Test func noHintIsAskedOnAnotherPlayersTurn() async throws {
        let state = try GameFixtures.freshState()
        let other = 1 - state.currentSeat
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(state, seat: other))
        let model = model(.scripted(details: GameFixtures.details(yourSeat: other), connection: ConnectionProbe().connection(endpoint)))
        await model.open()
        await model.table?.refresh()
        #expect(!model.canAskHint)
        await model.askHint()  // the unset hint closure would fail the test
        #expect(model.error == nil)
    }

    @Test func queuedMovesAreListedSentAndRefusalsExplained() async throws {
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(try GameFixtures.freshState(), seat: 0))
        let probe = ConnectionProbe()
        probe.queued.withLock { $0 = [QuortexQueuedMove(id: "m1", notation: "d4r2"), QuortexQueuedMove(id: "m2", notation: "c3r1")] }
        let model = model(.scripted(details: GameFixtures.details(), connection: probe.connection(endpoint)))
        await model.open()
        await model.noteChange()
        #expect(model.queuedMoves.map(\.notation) == ["d4r2", "c3r1"])
        probe.refused.withLock { $0 = [QuortexRefusedMove(id: "m1", notation: "d4r2", reason: "the game moved on")] }
        await model.sendQueuedMoves()
        #expect(probe.deliveries.withLock { $0 } == 1)
        #expect(model.queuedMoves.isEmpty)
        #expect(model.refusedMoves.map(\.reason) == ["the game moved on"])
        model.dismissRefusals()
        await model.noteChange()
        #expect(model.refusedMoves.isEmpty, "a dismissed refusal stays dismissed")
    }

    @Test func followingShowsChatLinesTheNetworkBannerAndSendsWhenBack() async throws {
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(try GameFixtures.freshState(), seat: 0))
        let probe = ConnectionProbe()
        let model = model(.scripted(details: GameFixtures.details(), connection: probe.connection(endpoint)))
        let running = Task { await model.run() }
        defer { running.cancel() }
        #expect(await eventually { @MainActor in model.table?.view != nil })
        probe.chatInput.yield(.line(QuortexChatLine(userID: "olga", name: "Olga", text: "good luck", at: Date(timeIntervalSince1970: 0))))
        #expect(await eventually { @MainActor in model.chat?.lines.map(\.text) == ["good luck"] })
        #expect(model.chat?.unreadCount == 1)
        probe.queued.withLock { $0 = [QuortexQueuedMove(id: "m1", notation: "d4r2")] }
        #expect(await eventually { @MainActor in probe.networkReaders == 2 })
        probe.read(.init(hasNetwork: false, realtimeConnected: false, queuedMoves: 1))
        #expect(await eventually { @MainActor in model.network?.banner == "You're offline. 1 move will be sent when you're back." })
        #expect(probe.deliveries.withLock { $0 } == 0)
        probe.read(.init(hasNetwork: true, realtimeConnected: true, queuedMoves: 1))
        #expect(await eventually { @MainActor in probe.deliveries.withLock { $0 } == 1 })
        #expect(await eventually { @MainActor in model.queuedMoves.isEmpty })
    }
}
