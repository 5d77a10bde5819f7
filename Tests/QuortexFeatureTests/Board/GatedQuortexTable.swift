import GameCore
import GameSession
import Quortex

/// A table whose authority answers a move only when the test says so, so a test sees the table
/// while the move is on its way; seat 0 is the viewer's, seat 1 a random bot that moves when
/// `bots()` is called.
actor GatedQuortexTable: GameSessionEndpoint {
    nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private(set) var state: QuortexState
    private var random = GameRandom(seed: GameSeed(99))
    private var gate: CheckedContinuation<GameError?, Never>?
    /// Moves sent and not yet answered.
    var isHoldingAMove: Bool { gate != nil }

    init(seed: UInt64) throws {
        state = try Quortex.initialState(players: GamePlayer.seats(2), settings: Quortex.defaultSettings(playerCount: 2), seed: GameSeed(seed))
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func snapshot() -> SessionSnapshot<Quortex> {
        SessionSnapshot(phase: .joined, lobby: nil, view: Quortex.view(of: state, for: .player(seat: 0)))
    }

    func perform(_ action: QuortexAction) async throws(GameError) {
        let refusal = await withCheckedContinuation { gate = $0 }
        if let refusal { throw refusal }
        state = try Quortex.reduce(state, action, by: 0)
        continuation.yield()
    }

    /// Answers the move on its way: takes it (the rules may still refuse it), or refuses it with `refusal`.
    func answer(refusing refusal: GameError? = nil) {
        gate?.resume(returning: refusal)
        gate = nil
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
