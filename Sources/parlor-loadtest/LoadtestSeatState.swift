import Foundation
import GameCore
import ParlorAPI
import ParlorClient

/// What a ``LoadtestSeat`` knows of its game, and its decisions on it; kept under the seat's lock
/// because messages arrive on the connection's task and ticks on the seat's own.
struct LoadtestSeatState<Game: LoadtestGame>: Sendable {
    struct Pending {
        var move: RealtimeMove<Game.Action>
        var sentAt: ContinuousClock.Instant
    }

    /// The move chosen when the seat's turn came, to be sent after `think`.
    struct Scheduled {
        var move: RealtimeMove<Game.Action>
        var think: Duration
    }

    /// What a tick asks of the seat's task.
    enum TickOutcome {
        case wait
        case finish(SeatResult)
        /// No ack in time: send the move again (same id).
        case resend(RealtimeMove<Game.Action>)
        /// The seat's turn (again, after a retry pause): think, then send.
        case move
    }

    static var ackTimeout: Duration { .seconds(5) }
    static var startTimeout: Duration { .seconds(30) }
    /// Longer than a real-time turn (60 s by default), after which the server moves for a player.
    static var stallTimeout: Duration { .seconds(90) }
    /// A refused move is tried again on the same view only after `retryPause` (a rate limit, or
    /// a bot the server disagrees with), never in a tight loop.
    static var retryPause: Duration { .seconds(1) }

    let game: UUID
    let rules: Game
    /// The pause before each move, as a player's thinking time.
    let think: Duration
    let metrics: LoadtestMetrics
    /// When the game's moves were sent, for the others to time their arrival.
    let clock: LoadtestMoveClock
    /// The bot's device id's tail, in move ids.
    let botID: String
    var random: GameRandom

    private(set) var seat: Int?
    private(set) var view: Game.View?
    private(set) var seq = -1
    private(set) var started = false
    private(set) var pending: Pending?
    private(set) var scheduled: Scheduled?
    /// After an ack, wait for the view at the move's sequence before moving again.
    private var awaitedSeq = -1
    /// A refused move is tried again on the same view only after the retry pause.
    private var refusal: (seq: Int, at: ContinuousClock.Instant)?
    var lastProgress = ContinuousClock.now
    private var moveCounter = 0

    init(game: UUID, rules: Game, think: Duration, metrics: LoadtestMetrics, clock: LoadtestMoveClock, botID: String, seed: UInt64) {
        self.game = game
        self.rules = rules
        self.think = think
        self.metrics = metrics
        self.clock = clock
        self.botID = botID
        random = GameRandom(seed: GameSeed(seed))
    }

    /// Whether the seat waits on a second-scale time-out now (an ack, a retry pause).
    var waitsOnTime: Bool { pending != nil || refusal?.seq == seq }

    /// Takes in one of the game's messages; the seat's result when it ends the game for it.
    mutating func handle(_ message: RealtimeInbound) -> SeatResult? {
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
                if let seat, let delay = clock.seen(seq: self.seq, by: seat, at: message.receivedAt) { metrics.moveSeen(after: delay) }
            case .ack:
                // An ack's fields are routing fields, which the one-pass probe reads.
                if let probe = RealtimeFrameScanner.probe(message.data), let moveId = probe.moveId, let seq = probe.seq {
                    acknowledge(moveId: moveId, seq: seq, at: message.receivedAt)
                } else {
                    let ack = try message.decode(RealtimeAck.self)
                    acknowledge(moveId: ack.moveId, seq: ack.seq, at: message.receivedAt)
                }
            case .error:
                return refuse(try message.decode(RealtimeError.self))
            case .gameEnded:
                return .completed(started: started)
            default:
                return nil
            }
        } catch {
            metrics.error("undecodable_\(message.envelope.type)")
        }
        return nil
    }

    /// Chooses the seat's move when the latest view asks for one and none is on its way; true
    /// when the seat's task should now think and send it.
    mutating func scheduleMove() -> Bool {
        guard pending == nil, scheduled == nil, started, let seat, let view, seq >= awaitedSeq else { return false }
        if let refusal, refusal.seq == seq, ContinuousClock.now - refusal.at < Self.retryPause { return false }
        guard let action = rules.action(for: seat, in: view, random: &random) else { return false }
        moveCounter += 1
        let move = RealtimeMove(game: game, moveId: "lt-\(botID)-\(seq)-\(moveCounter)", action: action, seq: seq)
        // Varied so that games started together do not move in lockstep.
        let thinking = think > .zero ? think * Double.random(in: 0.5...1.5, using: &random) : .zero
        scheduled = Scheduled(move: move, think: thinking)
        return true
    }

    /// The scheduled move, now pending: its round trip is timed from here.
    mutating func takeScheduledMove() -> RealtimeMove<Game.Action>? {
        guard let move = scheduled?.move else { return nil }
        scheduled = nil
        let now = ContinuousClock.now
        pending = Pending(move: move, sentAt: now)
        if let seat, let seq = move.seq { clock.sent(seq: seq + 1, by: seat, at: now) }
        return move
    }

    mutating func tick(now: ContinuousClock.Instant, joinedAt: ContinuousClock.Instant, deadline: ContinuousClock.Instant) -> TickOutcome {
        if now >= deadline { return .finish(.outOfTime(started: started)) }
        if !started, now - joinedAt > Self.startTimeout { return .finish(.abandoned(reason: "start_timeout", started: false)) }
        if now - lastProgress > Self.stallTimeout { return .finish(.abandoned(reason: "stalled", started: started)) }
        if let pending, now - pending.sentAt > Self.ackTimeout {
            self.pending?.sentAt = now
            return .resend(pending.move)
        }
        return scheduleMove() ? .move : .wait
    }

    private mutating func update(_ view: Game.View, seq: Int, started: Bool) {
        self.view = view
        self.seq = seq
        self.started = self.started || started
        lastProgress = .now
    }

    /// Times the move to when its ack came off the socket.
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
}
