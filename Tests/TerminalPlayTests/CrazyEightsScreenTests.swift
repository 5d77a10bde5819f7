import CrazyEights
import GameCore
import GameSession
import Testing

@testable import TerminalPlay

@Suite struct CrazyEightsScreenTests {
    static func table(seed: UInt64 = 3, players: Int = 3, target: Int = 20) throws -> BotTable<CrazyEights> {
        var settings = CrazyEights.defaultSettings(playerCount: players)
        settings.targetScore = target
        let bot = CrazyEightsBotKind.heuristic.bot
        return try BotTable<CrazyEights>(
            players: GamePlayer.seats(players), humanSeat: 0, settings: settings, seed: GameSeed(seed), pause: .zero
        ) { state, seat, random in bot.chooseAction(in: CrazyEights.view(of: state, for: .player(seat: seat)), random: &random) }
    }

    /// Plays a whole match with keys only: the first playable card (an eight naming hearts),
    /// else draw, else pass.
    @Test func keysAloneFinishAMatchAgainstBots() async throws {
        let table = try Self.table()
        await table.start()
        await table.settle()
        var screen = CrazyEightsScreen()
        var turns = 0
        while case .joined = await table.snapshot().phase {
            let snapshot = await table.snapshot()
            let view = try #require(snapshot.view)
            #expect(view.turn == 0)
            let playable = view.hand.indices.first { index in view.legalActions.contains { if case .play(view.hand[index], _) = $0 { true } else { false } } }
            var command: ScreenCommand<CrazyEightsAction>
            if let playable {
                screen.selected = 0
                for _ in 0..<playable { _ = screen.handle(.right, in: snapshot) }
                command = screen.handle(.enter, in: snapshot)
                if view.hand[playable].rank == .eight {
                    #expect(command.isNone && screen.message?.contains("Name the suit") == true)
                    command = screen.handle(.character("h"), in: snapshot)
                }
            } else if view.legalActions.contains(.draw) {
                command = screen.handle(.character("d"), in: snapshot)
            } else {
                command = screen.handle(.character("p"), in: snapshot)
            }
            guard case .perform(let action) = command else { throw Refusal("no action: \(screen.message ?? "")") }
            try await table.perform(action)
            await table.settle()
            turns += 1
            try #require(turns < 2000)
        }
        let final = await table.snapshot()
        #expect(final.view?.outcome != nil)
        #expect(screen.render(final, style: .plain)[0].contains("Game over"))
    }

    @Test func theTableShowsHandTopCardOtherHandsAndTurn() async throws {
        let table = try Self.table()
        await table.start()
        await table.settle()
        let screen = CrazyEightsScreen(seatLabels: [1: "bot (medium)", 2: "bot (medium)"])
        let snapshot = await table.snapshot()
        let view = try #require(snapshot.view)
        let text = screen.render(snapshot, style: .plain).joined(separator: "\n")
        #expect(text.contains("your turn"))
        #expect(text.contains("P2 bot (medium): \(view.handCounts[1]) cards"))
        #expect(text.contains("P3 bot (medium): \(view.handCounts[2]) cards"))
        #expect(text.contains("Top card: "))
        #expect(text.contains("Your hand: [" + view.hand[0].rank.symbol))
        #expect(text.contains("Selected: \(view.hand[0].name)"))
    }

    @Test func anUnplayableCardIsRefusedAndOutOfTurnKeysExplainThemselves() async throws {
        let table = try Self.table(seed: 11)
        await table.start()
        await table.settle()
        var screen = CrazyEightsScreen()
        let snapshot = await table.snapshot()
        let view = try #require(snapshot.view)
        if let misfit = view.hand.firstIndex(where: { card in card.rank != .eight && !view.legalActions.contains(.play(card)) }) {
            for _ in 0..<misfit { _ = screen.handle(.right, in: snapshot) }
            guard case .perform(let action) = screen.handle(.enter, in: snapshot) else { throw Refusal("Enter did not play") }
            await #expect(throws: GameError.self) { try await table.perform(action) }
            #expect(await table.snapshot().view?.hand == view.hand, "the card stayed in the hand")
        }
        // Naming no suit after an eight keeps it; a key out of turn says whose turn it is.
        screen.namingSuitFor = Card(.eight, .spades)
        #expect(screen.handle(.character("x"), in: snapshot).isNone)
        #expect(screen.message == "No suit named; the eight stays in your hand.")
        var other = snapshot
        other.view?.turn = 1
        #expect(screen.handle(.character("d"), in: other).isNone)
        #expect(screen.message?.hasPrefix("Not your turn: waiting for P2") == true)
    }
}
