import AppFoundation
import Foundation
import GameCore
import GameSession
import Quortex
import QuortexFeature
import Testing

@testable import TerminalPlay

/// The terminal board shows what the SVG shows: every tile's paths, the flows in their seats'
/// colours, the notation's labels, the others' last moves, the drawn tile and the winning path.
@MainActor
@Suite struct QuortexBoardTextTests {
    /// Plays `moves` of the person's turns with Tab and Enter (the bot answering each).
    static func play(_ moves: Int, _ table: BotTable<Quortex>, _ model: QuortexTableModel) async {
        let screen = QuortexScreen()
        for _ in 0..<moves where !model.table.isOver {
            await screen.handle(.tab, model)
            await screen.handle(.enter, model)
            await table.settle()
            await model.refresh()
        }
    }

    /// With PARLOR_BOARD_DUMP set, the rendered screen is written there for a person to look at.
    static func dump(_ text: String, _ name: String) {
        guard let path = ProcessInfo.processInfo.environment["PARLOR_BOARD_DUMP"] else { return }
        try? text.write(toFile: "\(path)-\(name).txt", atomically: true, encoding: .utf8)
    }

    @Test func midGameTheBoardDrawsFlowsLabelsLastMovesAndTheTile() async throws {
        let (table, model) = try await QuortexScreenTests.started(QuortexScreen(seatLabels: [1: "bot (easy)"]))
        await Self.play(4, table, model)
        try #require(!model.table.isOver)
        let screen = QuortexScreen(seatLabels: [1: "bot (easy)"])
        let lines = screen.render(model, style: .plain)
        let text = lines.joined(separator: "\n")
        Self.dump(text, "mid")
        #expect(lines.count <= 39, "fits a 40-line terminal: \(lines.count) lines")
        #expect(lines.allSatisfy { $0.count <= 100 })
        // Flows are lines through the cells; tiles' other paths are dotted; no tile codes.
        #expect(text.contains("─") || text.contains("╱") || text.contains("╲"))
        #expect(text.firstMatch(of: /\b[NOTH][0-5]\b/) == nil, "no tile codes like O1:\n\(text)")
        // Row letters and column digits of the notation.
        for letter in ["a", "b", "c", "d", "e", "f", "g"] { #expect(lines.contains { $0.contains(" \(letter) ") || $0.hasSuffix(" \(letter)") }) }
        #expect(text.contains("4") && text.contains("7"))
        // The bot's last move, said and marked on its cell.
        let announced = try #require(model.announcements.last)
        #expect(text.contains("Last moves: P2 bot (easy) placed "), "\(text)")
        #expect(text.contains(announced.text))
        #expect(text.contains("P2"))
        // The drawn tile is drawn, in its own hex, beside the board.
        #expect(text.contains("Tile\n") || lines.contains { $0.hasSuffix("Tile") })
        // Coloured, each flow is in its seat's 24-bit colour from the SVG palette.
        let coloured = screen.render(model, style: TerminalStyle(colour: true)).joined(separator: "\n")
        let seatColour = Palette.seat(0)
        #expect(coloured.contains("38;2;\(seatColour.red);\(seatColour.green);\(seatColour.blue)"))
    }

    @Test func atTheEndTheWinningPathIsMarked() async throws {
        let (table, model) = try await QuortexScreenTests.started(seed: 7)
        await Self.play(40, table, model)
        try #require(model.table.isOver)
        let screen = QuortexScreen()
        let lines = screen.render(model, style: .plain)
        let text = lines.joined(separator: "\n")
        Self.dump(text, "end")
        #expect(lines[0].contains("Game over"))
        if model.table.outcome?.winType == .flow {
            #expect(text.contains("●"), "the winning flow is drawn in ●:\n\(text)")
            #expect(text.contains("Winning path: P"), "\(text)")
        }
        #expect(text.contains("Press any key to leave."))
        #expect(!text.contains("Tile\n"), "no tile to place after the end")
    }
}
