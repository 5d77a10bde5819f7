import GameCore
import GameSession
import Quortex
import QuortexFeature

/// A Quortex model on an in-memory table against a random bot, started and settled.
@MainActor
struct BotTableForTests {
    let table: OneBotTable
    let model: QuortexTableModel

    init(seed: UInt64) async throws {
        table = try OneBotTable(seed: seed)
        model = QuortexTableModel(endpoint: table)
        await table.bots()
        await model.refresh()
    }

    /// Lets the bot answer, then shows its move.
    func settle() async {
        await table.bots()
        await model.refresh()
    }
}

/// Seat 0 is the person's; seat 1 a random bot that moves when `bots()` is called, so a test
/// decides when the other player's move arrives.
actor OneBotTable: GameSessionEndpoint {
    nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private var state: QuortexState
    private var random = GameRandom(seed: GameSeed(99))

    init(seed: UInt64) throws {
        state = try Quortex.initialState(players: GamePlayer.seats(2), settings: Quortex.defaultSettings(playerCount: 2), seed: GameSeed(seed))
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func snapshot() -> SessionSnapshot<Quortex> {
        SessionSnapshot(
            phase: state.outcome == nil ? .joined : .ended(reason: "the game is over"), lobby: nil,
            view: Quortex.view(of: state, for: .player(seat: 0)))
    }

    func perform(_ action: QuortexAction) async throws(GameError) {
        state = try Quortex.reduce(state, action, by: 0)
        continuation.yield()
    }

    func bots() {
        let bot = QuortexBotKind.random.bot
        while state.outcome == nil, state.currentSeat != 0 {
            guard let placement = bot.choosePlacement(in: state.position, random: &random),
                let next = try? Quortex.reduce(state, .place(placement), by: state.currentSeat)
            else { return }
            state = next
        }
    }
}
