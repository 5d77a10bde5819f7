import GameCore
import GameSession
import Quortex

/// An offline Quortex game against bots that can be taken back: the rules engine itself holds
/// the game (as `parlor play quortex` does offline), each bot seat plays at its own difficulty
/// after a pause on the injected clock, and before each of the player's placements the game and
/// the bots' generator are kept, so a take-back returns to exactly that position: the same tiles
/// follow and the bots answer as they would have.
public actor PracticeTable: GameSessionEndpoint {
    public typealias Module = Quortex

    /// What a take-back returns to: the game and the bots' generator just before a placement.
    private struct Checkpoint {
        var state: QuortexState
        var botRandom: GameRandom
    }

    public nonisolated let changes: AsyncStream<Void>
    /// The same signal, for the practice model (a board view may follow ``changes`` itself).
    nonisolated let updates: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation
    private let updated: AsyncStream<Void>.Continuation
    public private(set) var setup: PracticeSetup
    private(set) var state: QuortexState
    private var botRandom: GameRandom
    private var checkpoints: [Checkpoint] = []
    private var lastError: GameError?
    private let clock: any Clock<Duration>
    private let pause: Duration
    private var bots: Task<Void, Never>?
    /// Bumped by every take-back and restart: a bot move chosen for an older position is dropped.
    private var generation = 0

    /// A new game as `setup` says; the bots wait `pause` on `clock` before each move.
    public init(setup: PracticeSetup, clock: any Clock<Duration>, pause: Duration) throws(GameError) {
        self.setup = setup
        self.clock = clock
        self.pause = pause
        (state, botRandom) = try Self.deal(setup)
        (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        (updates, updated) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: Session

    public func snapshot() -> SessionSnapshot<Quortex> {
        SessionSnapshot(
            phase: state.outcome == nil ? .joined : .ended(reason: "the game is over"), lobby: nil,
            view: Quortex.view(of: state, for: .player(seat: setup.yourSeat)), lastError: lastError)
    }

    /// The player's move; a placement can be taken back later.
    public func perform(_ action: QuortexAction) async throws(GameError) {
        guard state.outcome == nil else { throw .gameOver("the game is over") }
        let before = Checkpoint(state: state, botRandom: botRandom)
        do {
            state = try Quortex.reduce(state, action, by: setup.yourSeat)
            lastError = nil
        } catch {
            lastError = error
            throw error
        }
        if case .place = action { checkpoints.append(before) }
        signal()
        playBots()
    }

    // MARK: Practice

    /// How many of the player's placements can be taken back.
    var undoableMoves: Int { checkpoints.count }

    /// Lets the bots play if one of them moves first.
    func start() {
        playBots()
    }

    /// Returns to the position before the player's last placement, the bots' replies undone
    /// with it; false when the player has placed nothing yet. It is then the player's turn.
    func undo() -> Bool {
        guard let last = checkpoints.popLast() else { return false }
        stopBots()
        state = last.state
        botRandom = last.botRandom
        lastError = nil
        signal()
        return true
    }

    /// A new game with the same seats and bots, dealt from `seed`.
    func restart(seed: UInt64) throws(GameError) {
        var next = setup
        next.seed = seed
        let dealt = try Self.deal(next)
        stopBots()
        setup = next
        (state, botRandom) = dealt
        checkpoints = []
        lastError = nil
        signal()
        playBots()
    }

    /// The hard bot's placement for the player's drawn tile (the server's hint, offline); nil
    /// when it is not the player's turn. The same position always gets the same hint.
    func hint() -> Placement? {
        var random = Self.hintRandom(seed: setup.seed, placements: state.placements)
        guard case .place(let placement)? = Quortex.hint(for: setup.yourSeat, in: state, random: &random) else { return nil }
        return placement
    }

    /// Waits until the bots have nothing left to do (the player's turn, or the end).
    func settle() async {
        while let running = bots {
            await running.value
            if bots == running { bots = nil }
        }
    }

    /// Stops the bots and ends the change streams (the player left).
    func stop() {
        stopBots()
        changed.finish()
        updated.finish()
    }

    /// The generator a hint breaks ties with: fixed by the game's seed and how far it has got.
    static func hintRandom(seed: UInt64, placements: Int) -> GameRandom {
        GameRandom(seed: GameSeed(seed), stream: UInt64(placements))
    }

    // MARK: Bots

    private static func deal(_ setup: PracticeSetup) throws(GameError) -> (QuortexState, GameRandom) {
        if let problem = setup.problem { throw .invalidAction(problem) }
        let state = try Quortex.initialState(
            players: setup.players, settings: Quortex.defaultSettings(playerCount: setup.seats), seed: GameSeed(setup.seed))
        // The bots draw from a stream of their own, so their choices never move the bag.
        return (state, GameRandom(seed: GameSeed(setup.seed), stream: 0xB075))
    }

    private func signal() {
        changed.yield()
        updated.yield()
    }

    private func playBots() {
        guard bots == nil else { return }
        let generation = generation
        bots = Task { await self.runBots(generation) }
    }

    private func stopBots() {
        bots?.cancel()
        bots = nil
        generation += 1
    }

    private func runBots(_ generation: Int) async {
        while await playOneBotMove(generation) {}
        if generation == self.generation { bots = nil }
    }

    /// One bot move if a bot is to move in this generation's game; false when none is.
    private func playOneBotMove(_ generation: Int) async -> Bool {
        guard generation == self.generation, state.outcome == nil, state.currentSeat != setup.yourSeat else { return false }
        if pause > .zero {
            do {
                try await clock.sleep(for: pause)
            } catch {
                return false
            }
            guard generation == self.generation, !Task.isCancelled else { return false }
        }
        let seat = state.currentSeat
        let bot = setup.difficulty(ofSeat: seat).botKind.bot
        let action =
            bot.choosePlacement(in: state.position, random: &botRandom).map(QuortexAction.place)
            ?? Quortex.autopilotAction(for: seat, in: state, random: &botRandom)
        guard let action, let next = try? Quortex.reduce(state, action, by: seat) else { return false }
        state = next
        signal()
        return true
    }
}
