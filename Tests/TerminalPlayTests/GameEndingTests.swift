import CrazyEights
import GameCore
import GameSession
import Quortex
import Testing

@testable import TerminalPlay

/// How a game's end is told: the same words in both games, whether the view carries the end (a
/// won round, a flow) or only the authority knows it (a resignation the server recorded).
@Suite struct GameEndingTests {
    static let labels = [0: "Hana", 1: "Olga"]

    func crazyEights() async throws -> SessionSnapshot<CrazyEights> {
        let table = try CrazyEightsScreenTests.table(seed: 3, players: 2)
        await table.start()
        await table.settle()
        return await table.snapshot()
    }

    func quortex() async throws -> SessionSnapshot<Quortex> {
        let table = try QuortexScreenTests.table(seed: 7, players: 2)
        await table.start()
        await table.settle()
        return await table.snapshot()
    }

    @Test(arguments: [
        (GameOutcome(winners: [0], winType: .resignation), "Game over: you won (resignation)."),
        (GameOutcome(winners: [1], winType: "target-score"), "Game over: P2 Olga won (target-score)."),
        (GameOutcome(winners: [0, 1], winType: .tie), "Game over: you won (tie)."),
        (GameOutcome(winners: [], winType: .draw), "Game over: nobody won (draw)."),
    ])
    func bothGamesSayAnEndTheSameWay(_ outcome: GameOutcome, _ said: String) async throws {
        var cards = try await crazyEights()
        cards.view?.outcome = outcome
        var board = try await quortex()
        board.view?.outcome = outcome
        let cardsHeader = CrazyEightsScreen(seatLabels: Self.labels).render(cards, style: .plain)[0]
        let boardHeader = QuortexScreen(seatLabels: Self.labels).render(board, style: .plain)[0]
        #expect(cardsHeader.hasSuffix(" · " + said), "\(cardsHeader)")
        #expect(boardHeader == "Quortex · " + said)
        // The line `parlor play` leaves after the game is the same sentence.
        #expect(ScreenChrome(seatLabels: Self.labels).verdict(outcome, viewer: 0) == said)
    }

    /// A Crazy Eights resignation is not in the player's view: told by the authority, the screen
    /// says it as it says any other end, and the table is no longer waiting for anyone.
    @Test func anEndOnlyTheAuthorityKnowsIsToldLikeAnyOther() async throws {
        let cards = try await crazyEights()
        var screen = CrazyEightsScreen(seatLabels: Self.labels)
        let before = screen.render(cards, style: .plain).joined(separator: "\n")
        #expect(!before.contains("Game over"))
        screen.chrome.outcome = GameOutcome(winners: [0], winType: .resignation)
        let lines = screen.render(cards, style: .plain)
        #expect(lines[0].hasSuffix("Game over: you won (resignation)."), "\(lines[0])")
        #expect(!lines.contains { $0.contains("▶") }, "nobody's turn is marked: \(lines)")
        #expect(screen.handle(.character("d"), in: cards).isNone)
        #expect(screen.message == "The game is over.")
        #expect(screen.handle(.character("q"), in: cards).isQuit, "leaving an ended game asks nothing")

        let board = try await quortex()
        var boardScreen = QuortexScreen(seatLabels: Self.labels)
        boardScreen.chrome.outcome = GameOutcome(winners: [1], winType: .resignation)
        #expect(boardScreen.render(board, style: .plain)[0] == "Quortex · Game over: P2 Olga won (resignation).")
        #expect(boardScreen.handle(.enter, in: board).isNone, "no tile is placed after the end")
    }
}
