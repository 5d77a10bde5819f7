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

/// Practice: hints, the game's end and its result, restarting, and the bots' pace.
extension PracticeModelTests {
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
