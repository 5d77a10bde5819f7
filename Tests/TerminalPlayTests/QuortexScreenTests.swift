import GameCore
import GameSession
import Quortex
import Testing

@testable import TerminalPlay

@Suite struct QuortexScreenTests {
    static func table(seed: UInt64 = 7, players: Int = 2) throws -> BotTable<Quortex> {
        let bot = QuortexBotKind.random.bot
        return try BotTable<Quortex>(
            players: GamePlayer.seats(players), humanSeat: 0, settings: Quortex.defaultSettings(playerCount: players), seed: GameSeed(seed),
            pause: .zero
        ) { state, _, random in bot.choosePlacement(in: state.position, random: &random).map(QuortexAction.place) }
    }

    @Test func theCursorWalksTheHexagonAndComesBack() {
        var cursor = QuortexCursor()
        cursor.move(.up)
        #expect(cursor.cell == Cell(row: -1, col: 0))
        cursor.move(.down)
        #expect(cursor.cell == Cell(row: 0, col: 0))
        for _ in 0..<5 { cursor.move(.right) }
        #expect(cursor.cell == Cell(row: 0, col: 3), "stops at the edge")
        for _ in 0..<5 { cursor.move(.up) }
        #expect(cursor.cell.isOnBoard && cursor.cell.row == -3)
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
        let table = try Self.table()
        await table.start()
        await table.settle()
        var screen = QuortexScreen()
        var turns = 0
        while case .joined = await table.snapshot().phase {
            let snapshot = await table.snapshot()
            #expect(snapshot.view?.currentSeat == 0)
            #expect(screen.handle(.tab, in: snapshot).isNone)
            guard case .perform(let action) = screen.handle(.enter, in: snapshot) else {
                Issue.record("Enter on a legal cell does not place: \(screen.message ?? "")")
                return
            }
            try await table.perform(action)
            await table.settle()
            turns += 1
            #expect(turns < 40)
        }
        let final = await table.snapshot()
        #expect(final.view?.outcome != nil)
        let lines = screen.render(final, style: .plain)
        #expect(lines[0].contains("Game over"))
    }

    @Test func anIllegalPlacementIsRefusedWithTheRulesReason() async throws {
        let table = try Self.table()
        await table.start()
        await table.settle()
        var screen = QuortexScreen()
        // Play on until an occupied cell exists, then Enter on it.
        var snapshot = await table.snapshot()
        while (snapshot.view?.position.board.tileCount ?? 0) == 0 {
            _ = screen.handle(.tab, in: snapshot)
            guard case .perform(let action) = screen.handle(.enter, in: snapshot) else { throw Refusal("Enter did not place") }
            try await table.perform(action)
            await table.settle()
            snapshot = await table.snapshot()
        }
        let view = try #require(snapshot.view)
        let occupied = try #require(view.position.board.tiles.first?.cell)
        screen.cursor.cell = occupied
        let text = screen.render(snapshot, style: .plain).joined(separator: "\n")
        #expect(text.contains("\(occupied.name) holds a tile"))
        guard case .perform(let action) = screen.handle(.enter, in: snapshot) else { throw Refusal("Enter did not ask to place") }
        do {
            try await table.perform(action)
            Issue.record("a tile went on an occupied cell")
        } catch {
            #expect(screen.explain(error) == "Not allowed: \(occupied.name) already holds a tile")
        }
        #expect(await table.snapshot().view?.placements == view.placements, "nothing was placed")
        #expect(await table.snapshot().lastError != nil)
    }

    @Test func theBoardShowsCursorLegalCellsSidesAndTheTile() async throws {
        let table = try Self.table()
        await table.start()
        await table.settle()
        var screen = QuortexScreen(seatLabels: [1: "bot (easy)"])
        let snapshot = await table.snapshot()
        _ = screen.handle(.tab, in: snapshot)
        let text = screen.render(snapshot, style: .plain).joined(separator: "\n")
        #expect(text.contains("[++]"), "the cursor sits on a legal cell")
        #expect(text.contains("P1 you: join lower left and upper right"))
        #expect(text.contains("P2 bot (easy): join top and bottom"))
        #expect(text.contains("P1 goal") && text.contains("P2 goal"))
        #expect(text.contains("Tile: ") && text.contains("joins "))
        #expect(text.contains("your turn"))
        // With colour the same screen carries escape sequences, and the same visible text.
        let coloured = screen.render(snapshot, style: TerminalStyle(colour: true)).joined(separator: "\n")
        #expect(coloured.contains("\u{1B}["))
        #expect(visibleWidth(coloured) == visibleWidth(text))
    }

    @Test func questionMarkShowsTheRulesAndQuitAsksFirst() async throws {
        let table = try Self.table()
        await table.settle()
        var screen = QuortexScreen()
        let snapshot = await table.snapshot()
        _ = screen.handle(.character("?"), in: snapshot)
        #expect(screen.render(snapshot, style: .plain)[0] == "Quortex rules")
        _ = screen.handle(.character("x"), in: snapshot)
        #expect(screen.render(snapshot, style: .plain)[0] != "Quortex rules")
        #expect(screen.handle(.character("q"), in: snapshot).isNone)
        #expect(screen.message?.contains("Leave the game?") == true)
        #expect(screen.handle(.character("n"), in: snapshot).isNone)
        _ = screen.handle(.character("q"), in: snapshot)
        #expect(screen.handle(.character("y"), in: snapshot).isQuit)
    }
}

struct Refusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ScreenCommand {
    var isNone: Bool { if case .none = self { true } else { false } }
    var isQuit: Bool { if case .quit = self { true } else { false } }
}
