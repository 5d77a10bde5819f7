import AppFoundation
import GameCore
import GameSession
import Quortex
import QuortexFeature
import Testing

@testable import TerminalPlay

@MainActor
@Suite struct QuortexScreenTests {
    static func table(seed: UInt64 = 7, players: Int = 2) throws -> BotTable<Quortex> {
        let bot = QuortexBotKind.random.bot
        return try BotTable<Quortex>(
            players: GamePlayer.seats(players), humanSeat: 0, settings: Quortex.defaultSettings(playerCount: players), seed: GameSeed(seed),
            pause: .zero
        ) { state, _, random in bot.choosePlacement(in: state.position, random: &random).map(QuortexAction.place) }
    }

    /// A screen's model on a table whose bots have made their first moves.
    static func started(_ screen: QuortexScreen = QuortexScreen(), seed: UInt64 = 7) async throws -> (BotTable<Quortex>, QuortexTableModel) {
        let table = try Self.table(seed: seed)
        await table.start()
        await table.settle()
        let model = screen.makeModel(endpoint: table, finalOutcome: nil)
        await model.refresh()
        return (table, model)
    }

    @Test func theCursorWalksTheHexagonAndComesBack() async throws {
        let (_, model) = try await Self.started()
        let screen = QuortexScreen()
        await screen.handle(.up, model)
        #expect(model.cursor.cell == Cell(row: -1, col: 0))
        await screen.handle(.down, model)
        #expect(model.cursor.cell == Cell(row: 0, col: 0))
        for _ in 0..<5 { await screen.handle(.right, model) }
        #expect(model.cursor.cell == Cell(row: 0, col: 3), "stops at the edge")
        for _ in 0..<5 { await screen.handle(.character("k"), model) }
        #expect(model.cursor.cell.isOnBoard && model.cursor.cell.row == -3)
    }

    @Test func rotationCyclesOnlyTheTilesDistinctTurns() {
        var cursor = QuortexCursor()
        var seen: [Int] = []
        for _ in 0..<7 {
            cursor.rotate(.noSharps, clockwise: true)
            seen.append(cursor.rotation)
        }
        #expect(Set(seen) == Set(TileType.noSharps.distinctRotations))
        cursor.rotate(.noSharps, clockwise: false)
        #expect(TileType.noSharps.distinctRotations.contains(cursor.rotation))
    }

    /// A whole game played with keys only: Tab to a legal cell, Enter to place, until it ends.
    @Test func keysAloneFinishAGameAgainstABot() async throws {
        let (table, model) = try await Self.started()
        let screen = QuortexScreen()
        var turns = 0
        while case .joined = await table.snapshot().phase {
            await model.refresh()
            #expect(model.view?.currentSeat == 0)
            await screen.handle(.tab, model)
            #expect(model.table.message == nil, "Tab found a legal cell")
            let placed = model.view?.placements ?? 0
            await screen.handle(.enter, model)
            #expect((model.view?.placements ?? 0) > placed || model.table.isOver, "Enter on a legal cell places: \(model.table.message ?? "")")
            await table.settle()
            turns += 1
            try #require(turns < 40)
        }
        await model.refresh()
        #expect(model.view?.outcome != nil)
        let lines = screen.render(model, style: .plain)
        #expect(lines[0].contains("Game over"))
    }

    @Test func anIllegalPlacementIsRefusedWithTheRulesReason() async throws {
        let (table, model) = try await Self.started()
        let screen = QuortexScreen()
        // Play on until an occupied cell exists, then Enter on it.
        while (model.view?.position.board.tileCount ?? 0) == 0 {
            await screen.handle(.tab, model)
            await screen.handle(.enter, model)
            await table.settle()
            await model.refresh()
        }
        let view = try #require(model.view)
        let occupied = try #require(view.position.board.tiles.first?.cell)
        model.select(occupied)
        let text = screen.render(model, style: .plain).joined(separator: "\n")
        #expect(text.contains("\(occupied.name) holds a tile"))
        await screen.handle(.enter, model)
        #expect(model.table.message == "Not allowed: \(occupied.name) already holds a tile")
        #expect(await table.snapshot().view?.placements == view.placements, "nothing was placed")
        #expect(await table.snapshot().lastError != nil)
    }

    @Test func theBoardShowsCursorLegalCellsSidesAndTheTile() async throws {
        let (_, model) = try await Self.started(QuortexScreen(seatLabels: [1: "bot (easy)"]))
        let screen = QuortexScreen(seatLabels: [1: "bot (easy)"])
        await screen.handle(.tab, model)
        let text = screen.render(model, style: .plain).joined(separator: "\n")
        #expect(text.contains("[++]"), "the cursor sits on a legal cell")
        #expect(text.contains("P1 you: join lower left and upper right"))
        #expect(text.contains("P2 bot (easy): join top and bottom"))
        #expect(text.contains("P1 goal") && text.contains("P2 goal"))
        #expect(text.contains("Tile: ") && text.contains("joins "))
        #expect(text.contains("your turn"))
        // With colour the same screen carries escape sequences, and the same visible text.
        let coloured = screen.render(model, style: TerminalStyle(colour: true)).joined(separator: "\n")
        #expect(coloured.contains("\u{1B}["))
        #expect(visibleWidth(coloured) == visibleWidth(text))
    }

    @Test func questionMarkShowsTheRulesAndQuitAsksFirst() async throws {
        let (_, model) = try await Self.started()
        let screen = QuortexScreen()
        await screen.handle(.character("?"), model)
        #expect(screen.render(model, style: .plain)[0] == "Quortex rules")
        await screen.handle(.character("x"), model)
        #expect(screen.render(model, style: .plain)[0] != "Quortex rules")
        await screen.handle(.character("q"), model)
        #expect(!model.table.hasLeft)
        #expect(model.table.message?.contains("Leave the game?") == true)
        await screen.handle(.character("n"), model)
        #expect(!model.table.hasLeft)
        await screen.handle(.character("q"), model)
        await screen.handle(.character("y"), model)
        #expect(model.table.hasLeft)
    }
}

struct Refusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Columns a styled string takes: its characters without the escape sequences.
func visibleWidth(_ text: String) -> Int {
    text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "").count
}
