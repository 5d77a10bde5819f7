import AppFoundation
import GameCore
import GameSession
import Quortex
import Testing

@testable import QuortexFeature

/// The Quortex table model's states (loading, content, a refused move, game over) and intents,
/// against a fake endpoint and against a real table with a bot.
@MainActor
@Suite struct QuortexTableModelTests {
    static let players = [GamePlayer(id: "me", name: "Hana"), GamePlayer(id: "olga", name: "Olga")]

    static func state(seed: UInt64 = 7) throws -> QuortexState {
        try Quortex.initialState(players: players, settings: Quortex.defaultSettings(playerCount: 2), seed: GameSeed(seed))
    }

    static func snapshot(_ state: QuortexState, seat: Int = 0, phase: ClientPhase = .joined, error: GameError? = nil) -> SessionSnapshot<Quortex> {
        SessionSnapshot(phase: phase, lobby: nil, view: Quortex.view(of: state, for: .player(seat: seat)), lastError: error)
    }

    static func botTable(seed: UInt64 = 7) async throws -> BotTableForTests {
        try await BotTableForTests(seed: seed)
    }

    @Test func loadingShowsNoBoardAndSaysItWaits() async {
        let endpoint = ScriptedTableEndpoint<Quortex>(SessionSnapshot(phase: .connecting, lobby: nil, view: nil))
        let model = QuortexTableModel(endpoint: endpoint)
        #expect(model.table.isLoading && model.turn == .loading)
        await model.refresh()
        #expect(model.table.isLoading)
        #expect(model.board == nil && model.tileText == nil)
        #expect(model.blockedReason == "Waiting for the game…")
        await model.place()
        #expect(await endpoint.performed.isEmpty)
    }

    @Test func contentDescribesTheTurnTheTileTheCampsAndTheBoard() async throws {
        let state = try Self.state()
        let model = QuortexTableModel(endpoint: ScriptedTableEndpoint(Self.snapshot(state)), seatLabels: [1: "bot (easy)"])
        await model.refresh()
        #expect(model.turn == (state.currentSeat == 0 ? .yours(seat: 0) : .waiting(seat: 1, name: "bot (easy)")))
        #expect(model.camps.map(\.text) == ["P1 you: join lower left and upper right", "P2 bot (easy): join top and bottom"])
        let board = try #require(model.board)
        #expect(board.cells.count == 37)
        #expect(board.rowLabels.map(\.text) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(board.columnLabels.map(\.text) == ["1", "2", "3", "4", "5", "6", "7"])
        // Each label names its cell as the notation does and sits off the board.
        for label in board.rowLabels { #expect(label.cell.name.hasPrefix(label.text) && !label.cell.neighbour(label.direction).isOnBoard) }
        for label in board.columnLabels { #expect(label.cell.name.hasSuffix(label.text) && !label.cell.neighbour(label.direction).isOnBoard) }
        #expect(board.sides.first { $0.side == 3 }?.label == "P1 goal")
        #expect(board.sides.first { $0.side == 2 }?.role == .owned(seat: 1))
        if state.currentSeat == 0 {
            let drawn = try #require(board.drawnTile)
            #expect(drawn.paths.count == 3 && drawn.tile.type == state.drawn)
            #expect(model.tileText?.hasPrefix("Tile: \(drawn.tile.type.displayName)") == true)
        }
    }

    @Test func cursorIntentsMoveRotateAndJumpToLegalCells() async throws {
        let table = try await Self.botTable()
        let model = table.model
        model.moveCursor(.up)
        #expect(model.cursor.cell == Cell(row: -1, col: 0))
        model.moveCursor(.down)
        #expect(model.cursor.cell == Cell(row: 0, col: 0))
        model.select(Cell(row: 3, col: 0))
        #expect(model.cursor.cell.name == "g4")
        model.select(Cell(row: 9, col: 9))
        #expect(model.cursor.cell.name == "g4", "a cell off the board is not selected")
        let drawn = try #require(model.drawnTile)
        var turns: Set<Int> = []
        for _ in 0..<7 {
            model.rotate(clockwise: true)
            turns.insert(model.cursor.rotation)
        }
        #expect(turns == Set(drawn.distinctRotations))
        model.jumpToLegal(forward: true)
        #expect(model.cursorIsLegal && model.legalCells.contains(model.cursor.cell))
        #expect(model.cursorText?.hasPrefix("\(model.cursor.cell.name): legal here") == true)
        #expect(model.board?.mark(of: model.cursor.cell)?.isCursor == true)
        #expect(model.board?.mark(of: model.cursor.cell)?.isLegal == true)
    }

    @Test func placingPlaysAndTheBotsMoveIsAnnounced() async throws {
        let table = try await Self.botTable()
        let model = table.model
        model.jumpToLegal(forward: true)
        let cell = model.cursor.cell
        await model.place()
        #expect(model.view?.position.board[cell] != nil)
        await table.settle()
        let news = try #require(model.announcements.last)
        #expect(news.seats == [1])
        let placed = try #require(news.placements.first)
        #expect(placed.cell != cell, "the viewer's own move is not announced")
        #expect(news.text == "P2 Player 2 placed \(placed.tile.type.displayName) at \(placed.cell.name) turned \(placed.tile.rotation) (\(placed.notation)).")
        #expect(model.lastMoveCells == [placed.cell: 1])
        #expect(model.board?.mark(of: placed.cell)?.lastMoveBy == 1)
    }

    @Test func aRefusedMoveSaysTheTypedErrorsMessage() async throws {
        let state = try Self.state(seed: 3)
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, seat: state.currentSeat), refusal: .invalidAction("d4 already holds a tile"))
        let model = QuortexTableModel(endpoint: endpoint)
        await model.refresh()
        await model.place()
        #expect(await endpoint.performed.count == 1)
        #expect(model.table.refusal == .invalidAction("d4 already holds a tile"))
        #expect(model.table.message == "Not allowed: d4 already holds a tile")
        // A refusal a host sends later, in a snapshot, is shown once.
        await endpoint.show(Self.snapshot(state, seat: state.currentSeat, error: .notYourTurn("P2 moves first")))
        await model.refresh()
        #expect(model.table.message == "Not your turn: P2 moves first")
        model.moveCursor(.left)
        await model.refresh()
        #expect(model.table.message == nil, "the same refusal is not said again")
    }

    @Test func outOfTurnPlacingSaysWhoIsToMoveAndSendsNothing() async throws {
        let state = try Self.state()
        let other = 1 - state.currentSeat
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, seat: other))
        let model = QuortexTableModel(endpoint: endpoint, seatLabels: [state.currentSeat: "Olga"])
        await model.refresh()
        #expect(!model.isMyTurn)
        await model.place()
        #expect(await endpoint.performed.isEmpty)
        #expect(model.table.message == "Not your turn: waiting for P\(state.currentSeat + 1) (Olga).")
        #expect(model.turnText == "turn: P\(state.currentSeat + 1) Olga…")
    }

    @Test func gameOverGivesTheVerdictMarksTheWinningPathAndRefusesMoves() async throws {
        let table = try await Self.botTable()
        let model = table.model
        for _ in 0..<40 where !model.table.isOver {
            model.jumpToLegal(forward: true)
            await model.place()
            await table.settle()
        }
        let outcome = try #require(model.table.outcome)
        #expect(model.turn == .over(verdict: TableWording.verdict(outcome, viewer: 0, playerNames: model.table.players.map(\.name))))
        #expect(model.drawnTile == nil && model.tileText == nil && model.cursorText == nil)
        let board = try #require(model.board)
        #expect(board.drawnTile == nil)
        #expect(board.cells.allSatisfy { !$0.isCursor }, "no cursor after the end")
        if outcome.winType == .flow {
            #expect(board.winningSeats == outcome.winners)
            let winning = try #require(board.flows.first { $0.isWinning })
            #expect(winning.exitSide != nil)
            #expect(board.paths.contains { $0.isWinning && $0.seats.contains(winning.seat) })
            #expect(model.winningPathText?.hasPrefix("Winning path: P\(winning.seat + 1)") == true)
        }
        let placements = model.view?.placements
        await model.place()
        #expect(model.view?.placements == placements)
        #expect(model.table.message == TableWording.gameOver)
        model.table.requestLeave()
        #expect(model.table.hasLeft, "an ended game is left without a question")
    }

    @Test func anEndOnlyTheAuthorityKnowsIsAskedOnce() async throws {
        let state = try Self.state()
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, phase: .ended(reason: "resigned")))
        let asked = Counter()
        let model = QuortexTableModel(endpoint: endpoint, seatLabels: [1: "Olga"]) {
            await asked.increment()
            return GameOutcome(winners: [1], winType: .resignation)
        }
        await model.refresh()
        await model.refresh()
        #expect(await asked.value == 1)
        #expect(model.turnText == "Game over: P2 Olga won (resignation).")
        #expect(model.blockedReason == TableWording.gameOver)
    }

    @Test func leavingAsksFirstAndRulesAreShownAndHidden() async throws {
        let state = try Self.state()
        let model = QuortexTableModel(endpoint: ScriptedTableEndpoint(Self.snapshot(state)), leavePrompt: "Resign? y resigns.")
        await model.refresh()
        model.table.requestLeave()
        #expect(model.table.isConfirmingLeave && model.table.message == "Resign? y resigns." && !model.table.hasLeft)
        model.table.stay()
        #expect(!model.table.isConfirmingLeave && model.table.message == "Staying in the game.")
        model.table.requestLeave()
        model.table.confirmLeave()
        #expect(model.table.hasLeft)
        model.table.showRules()
        #expect(model.table.showsRules)
        model.table.hideRules()
        #expect(!model.table.showsRules)
        #expect(QuortexTableModel.rulesTitle == "Quortex rules" && QuortexTableModel.rules.contains { $0.contains("d4r2") })
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
