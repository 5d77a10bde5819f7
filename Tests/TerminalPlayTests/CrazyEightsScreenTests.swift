import AppFoundation
import CrazyEights
import GameCore
import GameSession
import Testing

@testable import PartyFeature
@testable import TerminalPlay

@MainActor
@Suite struct CrazyEightsScreenTests {
    static func table(seed: UInt64 = 3, players: Int = 3, target: Int = 20) throws -> BotTable<CrazyEights> {
        var settings = CrazyEights.defaultSettings(playerCount: players)
        settings.targetScore = target
        let bot = CrazyEightsBotKind.heuristic.bot
        return try BotTable<CrazyEights>(
            players: GamePlayer.seats(players), humanSeat: 0, settings: settings, seed: GameSeed(seed), pause: .zero
        ) { state, seat, random in bot.chooseAction(in: CrazyEights.view(of: state, for: .player(seat: seat)), random: &random) }
    }

    static func started(_ screen: CrazyEightsScreen = CrazyEightsScreen(), seed: UInt64 = 3) async throws -> (BotTable<CrazyEights>, CrazyEightsTableModel) {
        let table = try Self.table(seed: seed)
        await table.start()
        await table.settle()
        let model = screen.makeModel(endpoint: table, finalOutcome: nil)
        await model.refresh()
        return (table, model)
    }

    /// Plays a whole match with keys only: the first playable card (an eight naming hearts),
    /// else draw, else pass.
    @Test func keysAloneFinishAMatchAgainstBots() async throws {
        let (table, model) = try await Self.started()
        let screen = CrazyEightsScreen()
        var turns = 0
        while case .joined = await table.snapshot().phase {
            await model.refresh()
            let view = try #require(model.view)
            #expect(view.turn == 0)
            let playable = view.hand.indices.first { index in view.legalActions.contains { if case .play(view.hand[index], _) = $0 { true } else { false } } }
            if let playable {
                for _ in view.hand.indices { await screen.handle(.left, model) }
                for _ in 0..<playable { await screen.handle(.right, model) }
                await screen.handle(.enter, model)
                if view.hand[playable].rank == .eight {
                    #expect(model.namingSuitFor != nil && model.table.message?.contains("Name the suit") == true)
                    await screen.handle(.character("h"), model)
                }
            } else if view.legalActions.contains(.draw) {
                await screen.handle(.character("d"), model)
            } else {
                await screen.handle(.character("p"), model)
            }
            // Taken: no refusal, nothing left to say.
            #expect(model.table.refusal == nil && model.table.message == nil && model.namingSuitFor == nil, "no action: \(model.table.message ?? "")")
            await table.settle()
            turns += 1
            try #require(turns < 2000)
        }
        await model.refresh()
        #expect(model.view?.outcome != nil)
        #expect(screen.render(model, style: .plain)[0].contains("Game over"))
    }

    @Test func theTableShowsHandTopCardOtherHandsAndTurn() async throws {
        let screen = CrazyEightsScreen(seatLabels: [1: "bot (medium)", 2: "bot (medium)"])
        let (_, model) = try await Self.started(screen)
        let view = try #require(model.view)
        let text = screen.render(model, style: .plain).joined(separator: "\n")
        #expect(text.contains("your turn"))
        #expect(text.contains("P2 bot (medium): \(view.handCounts[1]) cards"))
        #expect(text.contains("P3 bot (medium): \(view.handCounts[2]) cards"))
        #expect(text.contains("Top card: "))
        #expect(text.contains("Your hand: [" + view.hand[0].rank.symbol))
        #expect(text.contains("Selected: \(view.hand[0].name)"))
    }

    @Test func anUnplayableCardIsRefusedAndOutOfTurnKeysExplainThemselves() async throws {
        let (table, model) = try await Self.started(seed: 11)
        let screen = CrazyEightsScreen()
        let view = try #require(model.view)
        if let misfit = view.hand.firstIndex(where: { card in card.rank != .eight && !view.legalActions.contains(.play(card)) }) {
            for _ in 0..<misfit { await screen.handle(.right, model) }
            await screen.handle(.enter, model)
            #expect(model.table.refusal != nil, "the rules refused the card")
            #expect(model.table.message?.hasPrefix("Not allowed: ") == true, "\(model.table.message ?? "")")
            #expect(await table.snapshot().view?.hand == view.hand, "the card stayed in the hand")
        }
        // Naming no suit after an eight keeps it; a key out of turn says whose turn it is.
        model.namingSuitFor = Card(.eight, .spades)
        await screen.handle(.character("x"), model)
        #expect(model.table.message == "No suit named; the eight stays in your hand.")
        #expect(model.namingSuitFor == nil)
        var other = try #require(model.table.snapshot)
        other.view?.turn = 1
        model.table.adopt(other)
        let hand = model.hand
        await screen.handle(.character("d"), model)
        #expect(model.hand == hand)
        #expect(model.table.message?.hasPrefix("Not your turn: waiting for P2") == true)
    }
}
