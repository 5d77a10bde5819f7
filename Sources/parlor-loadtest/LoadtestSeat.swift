import Foundation
import GameCore
import ParlorAPI
import ParlorClient

/// How one bot's part in one game ended.
enum SeatResult: Sendable, Equatable {
    case completed(started: Bool)
    case abandoned(reason: String, started: Bool)
    /// The run's time was up first.
    case outOfTime(started: Bool)

    var started: Bool {
        switch self {
        case .completed(let started), .abandoned(_, let started), .outOfTime(let started): started
        }
    }
}

/// One bot playing one game from its own view: it moves when the latest view says it is its
/// seat's turn, against the sequence number it saw, and times each move from send to `ack`.
struct LoadtestSeat<Game: LoadtestGame> {
    static var ackTimeout: Duration { .seconds(5) }
    static var startTimeout: Duration { .seconds(30) }
    /// Longer than a real-time turn (60 s by default), after which the server moves for a player.
    static var stallTimeout: Duration { .seconds(90) }

    struct Pending {
        var move: RealtimeMove<Game.Action>
        var sentAt: ContinuousClock.Instant
    }

    let game: UUID
    let rules: Game
    let bot: LoadtestBot
    let metrics: LoadtestMetrics
    /// The pause before each move, as a player's thinking time.
    let think: Duration
    let deadline: ContinuousClock.Instant
    var random: GameRandom

    private var seat: Int?
    private var view: Game.View?
    private var seq = -1
    private var started = false
    private var pending: Pending?
    /// After an ack, wait for the view at the move's sequence before moving again.
    private var awaitedSeq = -1
    /// A refused move is tried again on the same view only after `retryPause` (a rate limit, or
    /// a bot the server disagrees with), never in a tight loop.
    private var refusal: (seq: Int, at: ContinuousClock.Instant)?
    static var retryPause: Duration { .seconds(1) }
    private var lastProgress = ContinuousClock.now
    private var moveCounter = 0

    init(
        game: UUID, rules: Game, bot: LoadtestBot, metrics: LoadtestMetrics, think: Duration = .zero, deadline: ContinuousClock.Instant,
        seed: UInt64
    ) {
        self.game = game
        self.rules = rules
        self.bot = bot
        self.metrics = metrics
        self.think = think
        self.deadline = deadline
        random = GameRandom(seed: GameSeed(seed))
    }

    /// Subscribes and plays until the game ends, it has to be given up, or the run's time is up.
    mutating func play() async -> SeatResult {
        let events = bot.inbox.open()
        defer { bot.inbox.close() }
        guard await bot.follow(game) else { return .abandoned(reason: "connection_closed", started: false) }
        let result = await run(events)
        await bot.unfollow(game)
        return result
    }

    private mutating func run(_ events: AsyncStream<BotEvent>) async -> SeatResult {
        let joinedAt = ContinuousClock.now
        lastProgress = joinedAt
        for await event in events {
            switch event {
            case .connectionEnded:
                return .abandoned(reason: "connection_lost", started: started)
            case .tick:
                let now = ContinuousClock.now
                if now >= deadline { return .outOfTime(started: started) }
                if !started, now - joinedAt > Self.startTimeout { return .abandoned(reason: "start_timeout", started: false) }
                if now - lastProgress > Self.stallTimeout { return .abandoned(reason: "stalled", started: started) }
                if let pending, now - pending.sentAt > Self.ackTimeout {
                    metrics.error("ack_timeout", example: "game \(game.uuidString.lowercased()) move \(pending.move.moveId)")
                    await resend(pending.move)
                }
                await moveIfMyTurn()
            case .message(let message):
                // The connection's every message arrives here; an earlier game's late ones and
                // the user's own are not this seat's. An error about no game is counted here.
                guard message.routedGame == game || (message.routedGame == nil && message.type == .error) else { continue }
                if let result = await handle(message) { return result }
            }
            bot.inbox.waitOnTime(pending != nil || refusal?.seq == seq)
        }
        return .outOfTime(started: started)  // cancelled: another seat gave up or time is up
    }

    private mutating func handle(_ message: RealtimeInbound) async -> SeatResult? {
        do {
            switch message.type {
            case .state:
                let state = try message.decode(RealtimeState<Game.Action, Game.View>.self)
                if state.status == "completed" { return .completed(started: started) }
                if let seat = state.seat { self.seat = seat }
                if let view = state.view { update(view, seq: state.seq, started: state.status == "active") }
            case .gameStarted:
                let start = try message.decode(RealtimeGameStarted<Game.View>.self)
                seat = start.seat
                update(start.view, seq: start.seq, started: true)
            case .moveMade:
                if let seq = message.seq, let view = rules.scannedView(of: message) {
                    update(view, seq: seq, started: true)
                } else {
                    let move = try message.decode(RealtimeMoveMade<Game.Action, Game.View>.self)
                    update(move.view, seq: move.seq, started: true)
                }
            case .ack:
                // An ack's fields are routing fields, which the one-pass probe reads.
                if let probe = RealtimeFrameScanner.probe(message.data), let moveId = probe.moveId, let seq = probe.seq {
                    acknowledge(moveId: moveId, seq: seq, at: message.receivedAt)
                } else {
                    let ack = try message.decode(RealtimeAck.self)
                    acknowledge(moveId: ack.moveId, seq: ack.seq, at: message.receivedAt)
                }
            case .error:
                if let result = refuse(try message.decode(RealtimeError.self)) { return result }
            case .gameEnded:
                return .completed(started: started)
            default:
                return nil
            }
        } catch {
            metrics.error("undecodable_\(message.envelope.type)")
            return nil
        }
        await moveIfMyTurn()
        return nil
    }

    private mutating func update(_ view: Game.View, seq: Int, started: Bool) {
        self.view = view
        self.seq = seq
        self.started = self.started || started
        lastProgress = .now
    }

    /// Times the move to when its ack came off the socket, not to when this bot got round to it.
    private mutating func acknowledge(moveId: String, seq: Int, at receivedAt: ContinuousClock.Instant) {
        guard let pending, moveId == pending.move.moveId else { return }
        metrics.moveAcknowledged(after: receivedAt - pending.sentAt)
        self.pending = nil
        awaitedSeq = seq
        lastProgress = .now
    }

    private mutating func refuse(_ error: RealtimeError) -> SeatResult? {
        metrics.error("ws_\(error.code)", example: error.message)
        if let pending, error.moveId == pending.move.moveId {
            self.pending = nil
            refusal = (seq, .now)
            return error.code == "game_over" ? .completed(started: started) : nil
        }
        guard error.moveId == nil, error.game == game else { return nil }
        switch error.code {
        case "not_found", "not_a_player", "unauthorized": return .abandoned(reason: "refused", started: started)
        default: return nil
        }
    }

    private mutating func moveIfMyTurn() async {
        guard pending == nil, started, let seat, let view, seq >= awaitedSeq else { return }
        if let refusal, refusal.seq == seq, ContinuousClock.now - refusal.at < Self.retryPause { return }
        guard let action = rules.action(for: seat, in: view, random: &random) else { return }
        if think > .zero {
            // Varied so that games started together do not move in lockstep.
            try? await EventLoopSleep.sleep(for: think * Double.random(in: 0.5...1.5, using: &random))
            // The run may have ended (and closed the sockets) while this bot was thinking.
            guard !Task.isCancelled, ContinuousClock.now < deadline else { return }
        }
        moveCounter += 1
        let move = RealtimeMove(game: game, moveId: "lt-\(bot.deviceID.suffix(12))-\(seq)-\(moveCounter)", action: action, seq: seq)
        await resend(move)
    }

    /// Sends `move` (again, with the same move id, after a time-out: the server answers a repeat
    /// with the first result). A send on a dropped socket is retried on a later tick.
    private mutating func resend(_ move: RealtimeMove<Game.Action>) async {
        pending = Pending(move: move, sentAt: .now)
        do {
            try await bot.connection.send(move)
        } catch is CancellationError {
            // The seat is being stopped (its game is over elsewhere or the run's time is up)
            // while the send waited on a full socket: nothing failed.
        } catch {
            metrics.error("send_failed", example: String(describing: error))
        }
    }
}
