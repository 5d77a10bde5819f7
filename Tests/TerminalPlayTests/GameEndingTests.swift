import AppFoundation
import CrazyEights
import GameCore
import GameSession
import PartyFeature
import Quortex
import QuortexFeature
import Testing

@testable import TerminalPlay

/// How a game's end is told: the same words in both games, whether the view carries the end (a
/// won round, a flow) or only the authority knows it (a resignation the server recorded).
@MainActor
@Suite struct GameEndingTests {
    static let labels = [0: "Hana", 1: "Olga"]

    func crazyEights(_ screen: CrazyEightsScreen) async throws -> CrazyEightsTableModel {
        let table = try CrazyEightsScreenTests.table(seed: 3, players: 2)
        await table.start()
        await table.settle()
        let model = screen.makeModel(endpoint: table, finalOutcome: nil)
        await model.refresh()
        return model
    }

    func quortex(_ screen: QuortexScreen) async throws -> QuortexTableModel {
        try await QuortexScreenTests.started(screen).1
    }

    @Test(arguments: [
        (GameOutcome(winners: [0], winType: .resignation), "Game over: you won (resignation)."),
        (GameOutcome(winners: [1], winType: "target-score"), "Game over: P2 Olga won (target-score)."),
        (GameOutcome(winners: [0, 1], winType: .tie), "Game over: you won (tie)."),
        (GameOutcome(winners: [], winType: .draw), "Game over: nobody won (draw)."),
    ])
    func bothGamesSayAnEndTheSameWay(_ outcome: GameOutcome, _ said: String) async throws {
        let cardsScreen = CrazyEightsScreen(seatLabels: Self.labels)
        let cards = try await crazyEights(cardsScreen)
        var cardsSnapshot = try #require(cards.table.snapshot)
        cardsSnapshot.view?.outcome = outcome
        cards.table.adopt(cardsSnapshot)
        let boardScreen = QuortexScreen(seatLabels: Self.labels)
        let board = try await quortex(boardScreen)
        var boardSnapshot = try #require(board.table.snapshot)
        boardSnapshot.view?.outcome = outcome
        board.table.adopt(boardSnapshot)
        let cardsHeader = cardsScreen.render(cards, style: .plain)[0]
        let boardHeader = boardScreen.render(board, style: .plain)[0]
        #expect(cardsHeader.hasSuffix(" · " + said), "\(cardsHeader)")
        #expect(boardHeader == "Quortex · " + said)
        // The line `parlor play` leaves after the game is the same sentence.
        #expect(TableWording.verdict(outcome, viewer: 0, seatLabels: Self.labels) == said)
        #expect(TableDriver<QuortexScreen>.Ending.finished(outcome).summary(of: board) == said)
    }

    /// A Crazy Eights resignation is not in the player's view: told by the authority, the screen
    /// says it as it says any other end, and the table is no longer waiting for anyone.
    @Test func anEndOnlyTheAuthorityKnowsIsToldLikeAnyOther() async throws {
        let screen = CrazyEightsScreen(seatLabels: Self.labels)
        let cards = try await crazyEights(screen)
        let before = screen.render(cards, style: .plain).joined(separator: "\n")
        #expect(!before.contains("Game over"))
        cards.table.recordOutcome(GameOutcome(winners: [0], winType: .resignation))
        let lines = screen.render(cards, style: .plain)
        #expect(lines[0].hasSuffix("Game over: you won (resignation)."), "\(lines[0])")
        #expect(!lines.contains { $0.contains("▶") }, "nobody's turn is marked: \(lines)")
        let hand = cards.hand
        await screen.handle(.character("d"), cards)
        #expect(cards.hand == hand, "nothing was drawn")
        #expect(cards.table.message == "The game is over.")
        await screen.handle(.character("q"), cards)
        #expect(cards.table.hasLeft, "leaving an ended game asks nothing")

        let boardScreen = QuortexScreen(seatLabels: Self.labels)
        let board = try await quortex(boardScreen)
        board.table.recordOutcome(GameOutcome(winners: [1], winType: .resignation))
        #expect(boardScreen.render(board, style: .plain)[0] == "Quortex · Game over: P2 Olga won (resignation).")
        let placements = board.view?.placements
        await boardScreen.handle(.enter, board)
        #expect(board.view?.placements == placements, "no tile is placed after the end")
    }
}
