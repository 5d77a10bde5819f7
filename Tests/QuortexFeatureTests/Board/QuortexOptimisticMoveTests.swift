import AppFoundation
import Foundation
import GameCore
import Quortex
import Testing

@testable import QuortexFeature
import TestSupport

/// The player's move shows at once and the authority's answer corrects it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct QuortexOptimisticMoveTests {
    /// A model on a gated table with the viewer to move.
    static func gated(seed: UInt64 = 7) async throws -> (GatedQuortexTable, QuortexTableModel) {
        let table = try GatedQuortexTable(seed: seed)
        await table.bots()
        let model = QuortexTableModel(endpoint: table)
        await model.refresh()
        try #require(model.isMyTurn)
        return (table, model)
    }

    @Test func thePlacementShowsWhileItIsOnItsWayAndStaysWhenTaken() async throws {
        let (table, model) = try await Self.gated()
        model.jumpToLegal(forward: true)
        let placement = Placement(cell: model.cursor.cell, rotation: model.cursor.rotation)
        let tile = try #require(model.drawnTile)
        let move = Task { await model.place() }
        #expect(await eventually { await table.isHoldingAMove })

        #expect(model.pendingPlacement == placement && model.isAwaitingAuthority)
        let shown = try #require(model.board)
        #expect(shown.mark(of: placement.cell)?.tile == PlacedTile(tile, rotation: placement.rotation))
        #expect(shown.drawnTile == nil && shown.cells.allSatisfy { !$0.isCursor }, "nothing more to place meanwhile")
        #expect(model.view?.position.board[placement.cell] == nil, "the authority has not taken it yet")
        // A second move meanwhile is not sent.
        await model.place()
        #expect(model.table.message == "Your move is on its way.")
        model.dragBegan(at: .zero, canvas: Size(width: 300, height: 300))
        #expect(model.drag == nil)

        await table.answer()
        await move.value
        #expect(model.pendingPlacement == nil && !model.isAwaitingAuthority)
        #expect(model.view?.position.board[placement.cell] == PlacedTile(tile, rotation: placement.rotation))
        #expect(model.board?.mark(of: placement.cell)?.tile == PlacedTile(tile, rotation: placement.rotation))
    }

    @Test func aRefusedPlacementIsTakenBackAndTheReasonShown() async throws {
        let (table, model) = try await Self.gated()
        model.jumpToLegal(forward: true)
        let cell = model.cursor.cell
        let move = Task { await model.place() }
        #expect(await eventually { await table.isHoldingAMove })
        #expect(model.board?.mark(of: cell)?.tile != nil)

        await table.answer(refusing: .notYourTurn("the turn clock ran out"))
        await move.value
        #expect(model.pendingPlacement == nil)
        #expect(model.board?.mark(of: cell)?.tile == nil, "the authority's view wins")
        #expect(model.board?.drawnTile != nil)
        #expect(model.table.message == "Not your turn: the turn clock ran out")
        #expect(model.feedback?.event == .refused)
    }

    @Test func aWinningPlacementShowsTheTileEvenThoughTheRulesDoNotPredictTheEnd() throws {
        // Play until some legal placement of the mover would complete a flow.
        var state = try Quortex.initialState(players: GamePlayer.seats(2), settings: QuortexSettings(), seed: 5)
        var random = GameRandom(seed: GameSeed(8))
        var winning: Placement?
        while state.outcome == nil, winning == nil {
            winning = state.position.legalPlacements.first { placement in
                (try? Quortex.reduce(state, .place(placement), by: state.currentSeat))?.outcome != nil
            }
            if winning == nil {
                let move = try #require(QuortexBotKind.random.bot.choosePlacement(in: state.position, random: &random))
                state = try Quortex.reduce(state, .place(move), by: state.currentSeat)
            }
        }
        let placement = try #require(winning)
        let view = Quortex.view(of: state, for: .player(seat: state.currentSeat))
        #expect(Quortex.predict(view, .place(placement), by: state.currentSeat) == nil)
        let model = QuortexTableModel(endpoint: ScriptedTableEndpoint(QuortexTableModelTests.snapshot(state, seat: state.currentSeat)))
        model.table.adopt(QuortexTableModelTests.snapshot(state, seat: state.currentSeat))
        model.pendingPlacement = placement
        let shown = try #require(model.shownView)
        #expect(shown.position.board[placement.cell] == PlacedTile(try #require(state.drawn), rotation: placement.rotation))
        #expect(shown.position.drawn == nil && shown.outcome == nil, "the authority says how it ended")
    }
}
