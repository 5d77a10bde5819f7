import AppFoundation
import Foundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature

/// Whose turn it is and the time left, when the game has a turn clock.
@MainActor
@Suite struct QuortexTurnClockTests {
    @Test func withoutADeadlineThereIsNoClockOnlyWhoseTurn() async throws {
        let model = try await BotTableForTests(seed: 7).model
        #expect(model.turnClock(at: Date()) == nil)
        #expect(model.turnText == "your turn (P1)")
    }

    @Test func theClockCountsDownToTheDeadlineAndIsUrgentNearTheEndOfTheViewersTurn() async throws {
        let model = try await BotTableForTests(seed: 7).model
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        model.turnDeadline = now.addingTimeInterval(42)
        #expect(model.turnClock(at: now) == QuortexTurnClock(remaining: .seconds(42), isMine: true, whose: "Your turn"))
        #expect(model.turnClock(at: now)?.text == "Your turn · 0:42")
        #expect(model.turnClock(at: now)?.isUrgent == false)
        let late = try #require(model.turnClock(at: now.addingTimeInterval(32.3)))
        #expect(late.remainingSeconds == 10 && late.text == "Your turn · 0:10" && late.isUrgent)
        let over = try #require(model.turnClock(at: now.addingTimeInterval(60)))
        #expect(over.remainingSeconds == 0 && over.remainingText == "0:00")
    }

    @Test func anotherPlayersClockIsNamedAndNeverUrgentAndLongTurnsCountDays() async throws {
        let state = try QuortexTableModelTests.state()
        let other = 1 - state.currentSeat
        let endpoint = ScriptedTableEndpoint(QuortexTableModelTests.snapshot(state, seat: other))
        let model = QuortexTableModel(endpoint: endpoint, seatLabels: [state.currentSeat: "Olga"])
        await model.refresh()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        model.turnDeadline = now.addingTimeInterval(5)
        let clock = try #require(model.turnClock(at: now))
        #expect(!clock.isMine && !clock.isUrgent && clock.text == "P\(state.currentSeat + 1) Olga · 0:05")
        model.turnDeadline = now.addingTimeInterval(2 * 86_400 + 5 * 3600 + 12)
        #expect(model.turnClock(at: now)?.remainingText == "2 d 5 h")
        model.turnDeadline = now.addingTimeInterval(3 * 86_400)
        #expect(model.turnClock(at: now)?.remainingText == "3 d")
        model.turnDeadline = now.addingTimeInterval(3723)
        #expect(model.turnClock(at: now)?.remainingText == "1:02:03")
    }

    @Test func afterTheEndThereIsNoClock() async throws {
        let table = try await BotTableForTests(seed: 7)
        let model = table.model
        for _ in 0..<40 where !model.table.isOver {
            model.jumpToLegal(forward: true)
            await model.place()
            await table.settle()
        }
        try #require(model.table.isOver)
        model.turnDeadline = Date().addingTimeInterval(30)
        #expect(model.turnClock(at: Date()) == nil)
    }
}
