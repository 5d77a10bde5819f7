import AppFoundation
import CPUBoundTrait
import Clocks
import Dependencies
import Foundation
import GameCore
import GameSession
import ParlorClient
import PlayerProfiles
import Quortex
import Synchronization
import Testing

@testable import QuortexFeature

/// The practice model's states (loading, content, balances unreadable, game over) and its
/// intents: undo as a real take-back, hints, restart, leave and the result counted once.
@MainActor
// The bots (the hard one looks ahead) and the hints compute between awaits: a thread of their own.
@Suite(.cpuBound) struct PracticeModelTests {
    static let someBalances = PracticeBalances(undos: 2, hints: 0, unlimited: false)

    @Test func loadingShowsNothingThenTheTableTheBotsAndTheAllowances() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try PracticeFixtures.model(client: server.client)
        #expect(model.isLoading && model.table.board == nil)
        #expect(model.purchases == .loading)
        #expect(model.undoAllowance.text == "3 free" && !model.canUndo)

        await model.start()
        await model.settle()
        #expect(!model.isLoading && model.table.board != nil)
        #expect(model.table.isMyTurn, "the bots that move first have moved")
        #expect(model.table.name(ofSeat: 1) == "bot (easy)" && model.table.name(ofSeat: 0) == "you")
        #expect(model.purchases == .loaded(Self.someBalances))
        #expect(model.undoAllowance == PracticeAllowance(free: 3, paid: 2, unlimited: false))
        #expect(model.undoAllowance.text == "3 free + 2")
        #expect(model.hintAllowance.text == "3 free")
        #expect(model.canHint && !model.canUndo && model.verdict == nil)
    }

    @Test func balancesThatCannotBeReadLeaveTheFreeOnesWorking() async throws {
        let failing = PracticeClient(
            balances: { () async throws(ParlorError) -> PracticeBalances? in
                throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached")
            },
            use: { _, _ throws(ParlorError) in throw Unimplemented.call("use") }, recordGame: { _ in false })
        let model = try await PracticeFixtures.started(client: failing)
        guard case .unavailable(let why) = model.purchases else {
            Issue.record("expected unavailable balances, got \(model.purchases)")
            return
        }
        #expect(why.title == "No internet connection" && why.recovery == .retry)
        #expect(model.undoAllowance.text == "3 free")
        let before = try #require(model.table.view)
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.table.view == before && model.freeUndosLeft == 2 && model.error == nil)
    }

    @Test func undoReturnsToTheExactPositionBeforeTheMoveWithTheBotsRepliesUndone() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 3, client: server.client)
        let before = try #require(model.table.view)
        let stateBefore = await model.endpoint.state

        await PracticeFixtures.placeAndSettle(model)
        let after = try #require(model.table.view)
        #expect(after.placements == before.placements + 3, "my tile and both bots' replies")
        #expect(model.undoableMoves == 1 && model.canUndo)

        await model.undo()
        #expect(model.table.view == before)
        #expect(await model.endpoint.state == stateBefore, "the bag and the generator too")
        #expect(model.table.isMyTurn && model.undoableMoves == 0)
        #expect(model.freeUndosLeft == 2 && server.uses.isEmpty)
    }

    @Test func theSameTilesAndRepliesFollowAnUndoneMove() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 4, bots: .medium, client: server.client)
        model.table.jumpToLegal(forward: true)
        let placement = Placement(cell: model.table.cursor.cell, rotation: model.table.cursor.rotation)
        await model.table.place()
        await model.settle()
        let played = await model.endpoint.state

        await model.undo()
        #expect(await model.endpoint.state != played)
        #expect(await model.table.table.perform(.place(placement)))
        await model.settle()
        #expect(await model.endpoint.state == played, "the same tile drawn next and the same replies")
    }

    @Test func undoWithNoMoveMadeSaysSoAndSpendsNothing() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        let before = model.table.view
        await model.undo()
        #expect(model.table.table.message == "Nothing to undo yet: place a tile first.")
        #expect(model.freeUndosLeft == 3 && server.uses.isEmpty && model.table.view == before)
    }

    @Test func threeFreeUndosThenEachSpendsOneFromTheBalanceUnderItsOwnKey() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        for expected in [2, 1, 0] {
            await PracticeFixtures.placeAndSettle(model)
            await model.undo()
            #expect(model.freeUndosLeft == expected)
        }
        #expect(server.uses.isEmpty)
        #expect(model.undoAllowance.text == "2")

        let before = try #require(model.table.view)
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.table.view == before)
        #expect(server.uses.map(\.item) == [.undo])
        #expect(model.purchases.balances?.undos == 1 && model.undoAllowance.text == "1")

        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        let keys = server.uses.map(\.key)
        #expect(keys.count == 2 && Set(keys).count == 2, "a new key for each undo")
        #expect(model.purchases.balances?.undos == 0 && model.storeOffer == nil)
    }

    @Test func anEmptyBalanceIsRefusedWithTheServersWordsAndTheStoresOffer() async throws {
        let server = PracticeServerDouble(balances: PracticeBalances(undos: 0, hints: 0, unlimited: false))
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        await PracticeFixtures.placeAndSettle(model)
        let position = model.table.view

        await model.undo()
        #expect(model.table.view == position, "nothing undone")
        #expect(model.undoableMoves == 1)
        let offer = try #require(model.storeOffer)
        #expect(offer.title == "No undos left" && !offer.needsSignIn)
        #expect(offer.message == "You have no undos left; buy a pack or subscribe to Pro. Buy a pack or subscribe to continue.")
        #expect(offer.productIDs == ["com.quortex.undo.pack5", "com.quortex.pro.monthly", "com.quortex.pro.yearly"])
        model.dismissStoreOffer()
        #expect(model.storeOffer == nil)
    }

    @Test func signedOutTheFreeUndosWorkThenSigningInIsOffered() async throws {
        let server = PracticeServerDouble(balances: nil)
        let model = try await PracticeFixtures.started(client: server.client)
        #expect(model.purchases == .signedOut && model.undoAllowance.text == "3 free")
        model.freeUndosLeft = 0
        #expect(model.undoAllowance.text == "0 free")
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        let offer = try #require(model.storeOffer)
        #expect(offer.needsSignIn && offer.title == "Sign in for more undos")
        #expect(offer.message.hasPrefix("This game's 3 free undos are used. Sign in"))
        #expect(server.uses.isEmpty && model.undoableMoves == 1)
    }

    @Test func aSessionTheServerEndedTurnsIntoTheSignInOffer() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        server.failNextUse(with: ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session has ended", status: 401))
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        #expect(model.purchases == .signedOut && model.storeOffer?.needsSignIn == true && model.undoableMoves == 1)
    }

    @Test func proUndoesAndHintsWithoutCountingOrAskingTheServer() async throws {
        let server = PracticeServerDouble(balances: PracticeBalances(undos: 0, hints: 0, unlimited: true))
        let model = try await PracticeFixtures.started(client: server.client)
        #expect(model.undoAllowance.text == "Unlimited" && model.hintAllowance.text == "Unlimited")
        model.freeUndosLeft = 0
        model.freeHintsLeft = 0
        let before = model.table.view
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        await model.showHint()
        #expect(model.table.view == before && model.hint != nil && server.uses.isEmpty)
    }

    @Test func aFailedPaidUndoShowsTheErrorAndItsRetryUsesTheSameKey() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        model.freeUndosLeft = 0
        server.failNextUse(with: ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached"))
        let before = model.table.view
        await PracticeFixtures.placeAndSettle(model)

        await model.undo()
        #expect(model.error?.title == "No internet connection" && model.error?.recovery == .retry)
        #expect(model.undoableMoves == 1 && !model.isWorking)
        await model.retry()
        #expect(model.error == nil && model.table.view == before)
        let keys = server.uses.map(\.key)
        #expect(keys.count == 2 && keys[0] == keys[1], "the retry spends nothing twice")
        #expect(server.balances?.undos == 1 && model.purchases.balances?.undos == 1)
    }

    @Test func aHintIsTheHardBotsPlacementShownWithTheCursorAndPaidOncePerPosition() async throws {
        let server = PracticeServerDouble(balances: PracticeBalances(undos: 0, hints: 4, unlimited: false))
        let model = try await PracticeFixtures.started(client: server.client)
        let view = try #require(model.table.view)
        var random = PracticeTable.hintRandom(seed: model.setup.seed, placements: view.placements)
        let expected = try #require(LookaheadBot().choosePlacement(in: view.position, random: &random))

        await model.showHint()
        #expect(model.hint == expected)
        #expect(model.table.cursor.cell == expected.cell && model.table.cursor.rotation == expected.rotation && model.table.cursorIsLegal)
        #expect(model.table.table.message == "Hint: \(expected.notation)")
        #expect(model.freeHintsLeft == 2)
        model.table.select(Cell(row: 0, col: 0))
        await model.showHint()
        #expect(model.freeHintsLeft == 2 && model.table.cursor.cell == expected.cell, "the same position's hint again, free")

        await PracticeFixtures.placeAndSettle(model)
        #expect(model.hint == nil, "a hint belongs to its position")
        model.freeHintsLeft = 0
        await model.showHint()
        #expect(server.uses.map(\.item) == [.hint] && model.purchases.balances?.hints == 3)
        #expect(model.hintAllowance.text == "3" && model.hint != nil)
    }

    @Test func theGameOverVerdictIsCountedOnceEvenAfterAnUndoAndASecondEnding() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 2, client: server.client)
        await PracticeFixtures.playToTheEnd(model)
        #expect(model.isOver)
        let outcome = try #require(model.table.table.outcome)
        let verdict = try #require(model.verdict)
        #expect(verdict.hasPrefix("Game over: ") && verdict.contains(outcome.winners.contains(0) ? "you won" : "bot (easy) won"))
        let counted = try #require(model.recordedResult)
        #expect(counted.id == model.matchID && counted.gameType == Quortex.gameType)
        #expect(counted.won == outcome.winners.contains(0) && counted.finishedAt == PracticeFixtures.now)
        #expect(server.recorded.count == 1)
        #expect(!model.canHint)
        await model.showHint()
        #expect(model.table.table.message == "Hints are for your turn.")

        // Undone after the end, the game goes on; its second ending is not counted again.
        await model.undo()
        #expect(!model.isOver && model.table.isMyTurn)
        await PracticeFixtures.playToTheEnd(model)
        await model.settle()
        #expect(model.isOver && server.recorded.count == 1 && model.recordedResult == counted)
    }

    @Test func aResultThatCannotBeSavedSaysSoAndIsTriedAgain() async throws {
        let calls = RecordingAttempts()
        let client = PracticeClient(
            balances: { () async throws(ParlorError) -> PracticeBalances? in nil },
            use: { _, _ throws(ParlorError) in throw Unimplemented.call("use") },
            recordGame: { _ in
                if calls.next() == 1 { throw CocoaError(.fileWriteNoPermission) }
                return true
            })
        let model = try await PracticeFixtures.started(seats: 2, client: client)
        await PracticeFixtures.playToTheEnd(model)
        #expect(model.recordedResult == nil)
        #expect(model.recordingError?.hasPrefix("Your result could not be saved:") == true)
        await model.settle()
        #expect(model.recordedResult != nil && model.recordingError == nil)
    }

    @Test func restartAsksFirstMidGameAndDealsANewGameWithItsOwnFreeOnes() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(client: server.client)
        await PracticeFixtures.placeAndSettle(model)
        await model.undo()
        await PracticeFixtures.placeAndSettle(model)
        let firstSeed = model.setup.seed
        let firstMatch = model.matchID
        let position = model.table.view

        await model.requestRestart()
        #expect(model.isConfirmingRestart && model.table.view == position)
        model.cancelRestart()
        #expect(!model.isConfirmingRestart && model.table.view == position)

        await model.requestRestart()
        await model.confirmRestart()
        await model.settle()
        #expect(!model.isConfirmingRestart)
        #expect(model.setup.seed != firstSeed && model.matchID != firstMatch)
        #expect(model.freeUndosLeft == 3 && model.undoableMoves == 0 && model.table.isMyTurn)
        #expect((model.table.view?.placements ?? 99) < 3, "a fresh deal: at most the bots' first moves")
        await model.undo()
        #expect(model.table.table.message == "Nothing to undo yet: place a tile first.")
    }

    @Test func aFinishedGameRestartsAtOnce() async throws {
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try await PracticeFixtures.started(seats: 2, client: server.client)
        await PracticeFixtures.playToTheEnd(model)
        await model.requestRestart()
        await model.settle()
        #expect(!model.isConfirmingRestart && !model.isOver && model.recordedResult == nil)
        await PracticeFixtures.playToTheEnd(model)
        #expect(server.recorded.count == 2 && Set(server.recorded.map(\.id)).count == 2, "each game counted once")
    }

    @Test func theBotsWaitTheirPauseOnTheClockAndStopWhenThePlayerLeaves() async throws {
        let seed: UInt64 = 11
        let first = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: GameSeed(seed)).currentSeat
        let clock = TestClock()
        let server = PracticeServerDouble(balances: Self.someBalances)
        let model = try withDependencies {
            $0.practice = server.client
            $0.continuousClock = clock
            $0.uuid = .incrementing
        } operation: {
            try PracticeModel(setup: PracticeSetup(seats: 2, yourSeat: 1 - first, everyBot: .hard, seed: seed), botPause: .seconds(1))
        }
        await model.start()
        #expect(model.table.view?.placements == 0 && !model.table.isMyTurn)
        await clock.advance(by: .milliseconds(999))
        await model.sync()
        #expect(model.table.view?.placements == 0, "the bot is still thinking")
        await clock.advance(by: .milliseconds(1))
        await model.settle()
        #expect(model.table.view?.placements == 1 && model.table.isMyTurn)

        model.table.jumpToLegal(forward: true)
        await model.table.place()
        model.table.table.requestLeave()
        #expect(model.table.table.isConfirmingLeave)
        #expect(model.table.table.message == "Leave this practice game? It will not be counted.")
        model.table.table.confirmLeave()
        #expect(model.table.table.hasLeft)
        await model.close()
        await clock.advance(by: .seconds(5))
        await model.endpoint.settle()
        #expect(await model.endpoint.snapshot().view?.placements == 2, "the bot left with the player")
    }
}

/// Counts calls from any thread.
private final class RecordingAttempts: Sendable {
    private let count = Mutex(0)

    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}
