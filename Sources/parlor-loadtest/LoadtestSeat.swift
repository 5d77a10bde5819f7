import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import Synchronization

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
///
/// Messages are read as they come off the socket, on the connection's task (``receive(_:)``);
/// the seat's own task wakes only for what waits: its move (thinking, then the send), the run's
/// ticks and the end. Waking it for every message would be three task switches per move more.
final class LoadtestSeat<Game: LoadtestGame>: Sendable {
    let game: UUID
    let bot: LoadtestBot
    let metrics: LoadtestMetrics
    let deadline: ContinuousClock.Instant
    private let state: Mutex<LoadtestSeatState<Game>>

    init(
        game: UUID, rules: Game, bot: LoadtestBot, metrics: LoadtestMetrics, clock: LoadtestMoveClock, think: Duration = .zero,
        deadline: ContinuousClock.Instant, seed: UInt64
    ) {
        self.game = game
        self.bot = bot
        self.metrics = metrics
        self.deadline = deadline
        state = Mutex(LoadtestSeatState(game: game, rules: rules, think: think, metrics: metrics, clock: clock, botID: String(bot.deviceID.suffix(12)), seed: seed))
    }

    /// Subscribes and plays until the game ends, it has to be given up, or the run's time is up.
    func play() async -> SeatResult {
        let events = bot.inbox.open { [self] message in receive(message) }
        defer { bot.inbox.close() }
        guard await bot.follow(game) else { return .abandoned(reason: "connection_closed", started: false) }
        let result = await run(events)
        await bot.unfollow(game)
        return result
    }

    /// One message off the socket: what the seat's task must do about it, if anything.
    private func receive(_ message: RealtimeInbound) -> BotEvent? {
        // The connection's every message arrives here; an earlier game's late ones and the
        // user's own are not this seat's. An error about no game is counted here.
        guard message.routedGame == game || (message.routedGame == nil && message.type == .error) else { return nil }
        let (event, waits) = state.withLock { state -> (BotEvent?, Bool) in
            if let result = state.handle(message) { return (.finished(result), false) }
            return (state.scheduleMove() ? .yourTurn : nil, state.waitsOnTime)
        }
        bot.inbox.waitOnTime(waits)
        return event
    }

    private func run(_ events: AsyncStream<BotEvent>) async -> SeatResult {
        let joinedAt = ContinuousClock.now
        state.withLock { $0.lastProgress = joinedAt }
        for await event in events {
            switch event {
            case .connectionEnded:
                return .abandoned(reason: "connection_lost", started: state.withLock(\.started))
            case .finished(let result):
                return result
            case .yourTurn:
                await moveAfterThinking()
            case .tick:
                let now = ContinuousClock.now
                let outcome = state.withLock { state in
                    state.tick(now: now, joinedAt: joinedAt, deadline: deadline)
                }
                switch outcome {
                case .finish(let result):
                    return result
                case .resend(let move):
                    metrics.error("ack_timeout", example: "game \(game.uuidString.lowercased()) move \(move.moveId)")
                    await send(move)
                case .move:
                    await moveAfterThinking()
                case .wait:
                    break
                }
            }
            bot.inbox.waitOnTime(state.withLock(\.waitsOnTime))
        }
        return .outOfTime(started: state.withLock(\.started))  // cancelled: another seat gave up or time is up
    }

    /// Thinks, then sends the move the seat chose when its turn came.
    private func moveAfterThinking() async {
        guard let thinking = state.withLock(\.scheduled?.think) else { return }
        if thinking > .zero {
            try? await EventLoopSleep.sleep(for: thinking)
            // The run may have ended (and closed the sockets) while this bot was thinking.
            guard !Task.isCancelled, ContinuousClock.now < deadline else { return }
        }
        guard let move = state.withLock({ $0.takeScheduledMove() }) else { return }
        await send(move)
    }

    /// Sends `move` (again, with the same move id, after a time-out: the server answers a repeat
    /// with the first result). A send on a dropped socket is retried on a later tick.
    private func send(_ move: RealtimeMove<Game.Action>) async {
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
