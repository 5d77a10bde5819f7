import GameCore
import GameSession

/// An offline game against bots, as a session endpoint: the person holds one seat, each other
/// seat is played by its bot from the rules module directly. Bots move one at a time in the
/// background after a short pause (so a person sees each move), each move a change on
/// ``changes``.
public actor BotTable<Module: GameModule>: GameSessionEndpoint {
    /// A bot's choice for `seat` in `state`; nil falls back to the game's autopilot.
    public typealias Bot = @Sendable (_ state: Module.State, _ seat: Int, _ random: inout GameRandom) -> Module.Action?

    public nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    public let humanSeat: Int
    private var state: Module.State
    private var random: GameRandom
    private let bot: Bot
    private let pause: Duration
    private var lastError: GameError?
    private var botsRunning: Task<Void, Never>?

    /// A new game: `players` seats, the person in `humanSeat`, dealt from `seed`.
    public init(players: [GamePlayer], humanSeat: Int, settings: Module.Settings, seed: GameSeed, pause: Duration, bot: @escaping Bot)
        throws(GameError)
    {
        guard players.indices.contains(humanSeat) else { throw .invalidAction("there is no seat \(humanSeat)") }
        state = try Module.initialState(players: players, settings: settings, seed: seed)
        random = GameRandom(seed: GameSeed(seed.value &+ 0x9E37_79B9))
        self.humanSeat = humanSeat
        self.pause = pause
        self.bot = bot
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Lets the bots play if one of them moves first.
    public func start() {
        playBots()
    }

    public func snapshot() -> SessionSnapshot<Module> {
        let over = Module.outcome(of: state) != nil
        return SessionSnapshot(
            phase: over ? .ended(reason: "the game is over") : .joined, lobby: nil,
            view: Module.view(of: state, for: .player(seat: humanSeat)), lastError: lastError)
    }

    public func perform(_ action: Module.Action) async throws(GameError) {
        guard Module.outcome(of: state) == nil else { throw .gameOver("the game is over") }
        do {
            state = try Module.reduce(state, action, by: humanSeat)
            lastError = nil
        } catch {
            lastError = error
            throw error
        }
        continuation.yield()
        playBots()
    }

    /// Waits until the bots have nothing left to do (their turn passed to the person, or the end).
    public func settle() async {
        await botsRunning?.value
    }

    public func stop() {
        botsRunning?.cancel()
        continuation.finish()
    }

    private func playBots() {
        guard botsRunning == nil else { return }
        botsRunning = Task {
            while await self.playOneBotMove() {}
            self.botsDone()
        }
    }

    private func botsDone() { botsRunning = nil }

    /// One bot move if a bot is to move; false when none is (or the game is over).
    private func playOneBotMove() async -> Bool {
        guard Module.outcome(of: state) == nil,
            let seat = Module.turnSeats(in: state).first(where: { $0 != humanSeat })
        else { return false }
        if pause > .zero {
            try? await Task.sleep(for: pause)
            guard !Task.isCancelled else { return false }
        }
        let action = bot(state, seat, &random) ?? Module.autopilotAction(for: seat, in: state, random: &random)
        guard let action, let next = try? Module.reduce(state, action, by: seat) else { return false }
        state = next
        continuation.yield()
        return true
    }
}
