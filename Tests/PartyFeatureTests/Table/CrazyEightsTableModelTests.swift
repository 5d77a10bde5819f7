import AppFoundation
import CrazyEights
import GameCore
import GameSession
import Testing

@testable import PartyFeature

/// The Crazy Eights table model's states (loading, content, a refused move, the end) and intents,
/// against a fake endpoint and against the rules directly.
@MainActor
@Suite struct CrazyEightsTableModelTests {
    static func state(seed: UInt64, players: Int = 3, target: Int = 100) throws -> CrazyEightsState {
        var settings = CrazyEights.defaultSettings(playerCount: players)
        settings.targetScore = target
        return try CrazyEights.initialState(players: GamePlayer.seats(players), settings: settings, seed: GameSeed(seed))
    }

    static func snapshot(_ state: CrazyEightsState, seat: Int, phase: ClientPhase = .joined, error: GameError? = nil) -> SessionSnapshot<CrazyEights> {
        SessionSnapshot(phase: phase, lobby: nil, view: CrazyEights.view(of: state, for: .player(seat: seat)), lastError: error)
    }

    /// A model for the seat whose turn it is first, at a table whose moves go through the rules.
    static func toMove(seed: UInt64) async throws -> (RulesEndpoint, CrazyEightsTableModel) {
        let state = try Self.state(seed: seed)
        let seat = try #require(CrazyEights.turnSeats(in: state).first)
        let endpoint = RulesEndpoint(state: state, seat: seat)
        let model = CrazyEightsTableModel(endpoint: endpoint, seatLabels: [(seat + 1) % 3: "Olga"])
        await model.refresh()
        return (endpoint, model)
    }

    @Test func loadingHasNoHandAndNoTurn() async {
        let model = CrazyEightsTableModel(endpoint: ScriptedTableEndpoint<CrazyEights>(SessionSnapshot(phase: .connecting, lobby: nil, view: nil)))
        await model.refresh()
        #expect(model.turn == .loading && model.hand.isEmpty && model.otherSeats.isEmpty && model.selectedCard == nil)
        #expect(model.lastPlaysText == "none yet")
    }

    @Test func contentShowsSeatsPlayableCardsAndTheSelection() async throws {
        let (_, model) = try await Self.toMove(seed: 5)
        let view = try #require(model.view)
        let me = try #require(view.viewer.seat)
        #expect(model.turn == .yours && model.isMyTurn)
        #expect(model.otherSeats.map(\.seat) == view.players.indices.filter { $0 != me })
        #expect(model.otherSeats.first { $0.seat == (me + 1) % 3 }?.name == "P\((me + 1) % 3 + 1) Olga")
        #expect(model.otherSeats.allSatisfy { $0.handCount == view.handCounts[$0.seat] && !$0.isToMove })
        let legal = Set(view.legalActions.compactMap { if case .play(let card, _) = $0 { card } else { nil } })
        #expect(model.playableCards == legal)
        #expect(model.selectedCard == view.hand.first)
        model.selectPrevious()
        #expect(model.selectedIndex == 0, "stays at the first card")
        for _ in 0..<(view.hand.count + 2) { model.selectNext() }
        #expect(model.selectedIndex == view.hand.count - 1, "stops at the last card")
        model.select(1)
        #expect(model.selectedCard == view.hand[1])
        let fits = legal.contains(view.hand[1]) ? "playable" : "does not fit"
        #expect(model.selectionText == "Selected: \(view.hand[1].name), \(fits) · \(legal.count) playable card\(legal.count == 1 ? "" : "s")")
        #expect(model.scoreText == "Your score: 0 of 100")
    }

    @Test func anEightAsksForTheSuitThenPlaysIt() async throws {
        // The first deal whose opening player holds an eight.
        var found: (RulesEndpoint, CrazyEightsTableModel, Int)?
        for seed in UInt64(1)...200 where found == nil {
            let (endpoint, model) = try await Self.toMove(seed: seed)
            if let index = model.hand.firstIndex(where: { $0.rank == .eight }) { found = (endpoint, model, index) }
        }
        let (endpoint, model, index) = try #require(found)
        let eight = model.hand[index]
        model.select(index)
        await model.playSelected()
        #expect(model.namingSuitFor == eight && model.table.message?.hasPrefix("Name the suit") == true)
        #expect(model.hand.contains(eight), "nothing is played before the suit is named")
        await model.nameSuit(nil)
        #expect(model.namingSuitFor == nil && model.table.message == "No suit named; the eight stays in your hand.")
        await model.playSelected()
        await model.nameSuit(.hearts)
        #expect(await endpoint.actions == [.play(eight, namedSuit: .hearts)])
        #expect(!model.hand.contains(eight) && model.view?.currentSuit == .hearts)
        #expect(model.lastPlays.last?.event == .played(seat: model.table.viewerSeat ?? -1, card: eight, namedSuit: .hearts))
        #expect(model.lastPlaysText.hasSuffix("you 8\(CardText.symbol(eight.suit)) → ♥ hearts"))
    }

    @Test func drawingAndARefusedPassSayWhatHappened() async throws {
        let (endpoint, model) = try await Self.toMove(seed: 9)
        let before = model.hand.count
        if model.canDraw {
            await model.draw()
            #expect(model.hand.count > before || model.table.message != nil)
        }
        if !model.canPass, model.isMyTurn {
            await model.pass()
            #expect(model.table.message?.hasPrefix("Not allowed: ") == true, "\(model.table.message ?? "")")
            #expect(model.table.refusal != nil)
        }
        #expect(await endpoint.actions.isEmpty == false)
    }

    @Test func aRefusalNamesCardsAsTheHandShowsThem() async throws {
        let state = try Self.state(seed: 5)
        let seat = try #require(CrazyEights.turnSeats(in: state).first)
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, seat: seat), refusal: .invalidAction("7C does not match the queen of diamonds"))
        let model = CrazyEightsTableModel(endpoint: endpoint)
        await model.refresh()
        if model.selectedCard?.rank == .eight { model.selectNext() }
        await model.playSelected()
        if model.namingSuitFor != nil { await model.nameSuit(.clubs) }
        #expect(model.table.message == "Not allowed: 7♣ does not match the queen of diamonds")
    }

    @Test func outOfTurnKeysSayWhoseTurnItIsAndSendNothing() async throws {
        let state = try Self.state(seed: 5)
        let turn = try #require(CrazyEights.turnSeats(in: state).first)
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, seat: (turn + 1) % 3))
        let model = CrazyEightsTableModel(endpoint: endpoint, seatLabels: [turn: "Olga"])
        await model.refresh()
        #expect(model.turn == .waiting(seat: turn, name: "P\(turn + 1) Olga"))
        await model.draw()
        await model.pass()
        await model.playSelected()
        #expect(await endpoint.performed.isEmpty)
        #expect(model.table.message == "Not your turn: waiting for P\(turn + 1) Olga.")
        #expect(model.otherSeats.first { $0.seat == turn }?.isToMove == true)
    }

    @Test func theMatchEndsWithRoundResultsAndTheVerdict() async throws {
        let (endpoint, model) = try await Self.toMove(seed: 4)
        await endpoint.playEveryone(untilOver: true)
        await model.refresh()
        let outcome = try #require(model.table.outcome)
        #expect(model.turn == .over(verdict: model.table.verdict(for: outcome)))
        #expect(model.roundResultText?.hasPrefix("Round ") == true)
        #expect(!model.isMyTurn && model.otherSeats.allSatisfy { !$0.isToMove })
        await model.draw()
        #expect(model.table.message == TableWording.gameOver)
    }

    @Test func anEndOnlyTheAuthorityKnowsIsToldLikeAnyOther() async throws {
        let state = try Self.state(seed: 5)
        let endpoint = ScriptedTableEndpoint(Self.snapshot(state, seat: 0, phase: .ended(reason: "resigned")))
        let model = CrazyEightsTableModel(endpoint: endpoint) { GameOutcome(winners: [0], winType: .resignation) }
        await model.refresh()
        #expect(model.turn == .over(verdict: "Game over: you won (resignation)."))
    }
}

/// Plays every seat but the viewer's with the rules' first legal action; the viewer's moves go
/// through the rules as a host would take them.
actor RulesEndpoint: GameSessionEndpoint {
    nonisolated let changes: AsyncStream<Void>
    private var state: CrazyEightsState
    private let seat: Int
    private(set) var actions: [CrazyEightsAction] = []

    init(state: CrazyEightsState, seat: Int) {
        self.state = state
        self.seat = seat
        changes = AsyncStream { $0.finish() }
    }

    func snapshot() -> SessionSnapshot<CrazyEights> {
        SessionSnapshot(
            phase: CrazyEights.outcome(of: state) == nil ? .joined : .ended(reason: "over"), lobby: nil,
            view: CrazyEights.view(of: state, for: .player(seat: seat)))
    }

    func perform(_ action: CrazyEightsAction) async throws(GameError) {
        actions.append(action)
        state = try CrazyEights.reduce(state, action, by: seat)
    }

    /// Everyone, the viewer included, plays the first legal action until the match ends.
    func playEveryone(untilOver: Bool) {
        var random = GameRandom(seed: GameSeed(1))
        for _ in 0..<20_000 where CrazyEights.outcome(of: state) == nil {
            guard let mover = CrazyEights.turnSeats(in: state).first,
                let action = CrazyEights.autopilotAction(for: mover, in: state, random: &random),
                let next = try? CrazyEights.reduce(state, action, by: mover)
            else { return }
            state = next
        }
    }
}
