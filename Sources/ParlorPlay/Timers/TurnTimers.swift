import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import ServiceLifecycle

/// Fires turn deadlines. Deadlines are stored on the game row, so they survive restarts; every
/// node runs this loop, and on PostgreSQL a due game is claimed with `FOR UPDATE SKIP LOCKED` in
/// the transaction that applies the timeout, so exactly one node fires each deadline. The same
/// loop runs quick-match pairing, whose windows widen with time.
///
/// While nobody waits for a quick match, the loop sleeps until the earliest wake-up time stored,
/// at least `interval` and at most `longestWait`: an idle node reads once a `longestWait`, where
/// it looked four times a second. A move's deadline is a whole turn away (five seconds at the
/// least), so the next read sees it in time; the notices that can bring one nearer (a player
/// going away, a move leaving the turn to an absent seat) wake the loop at once.
package struct TurnTimerService: Service {
    package let timers: TurnTimers
    package let quickMatch: QuickMatchService
    package let interval: Duration
    package let longestWait: Duration
    package let tick: @Sendable () async -> Void

    package init(
        timers: TurnTimers, quickMatch: QuickMatchService, interval: Duration = .milliseconds(250), longestWait: Duration = .seconds(1),
        tick: @escaping @Sendable () async -> Void = {}
    ) {
        self.timers = timers
        self.quickMatch = quickMatch
        self.interval = interval
        self.longestWait = max(longestWait, interval)
        self.tick = tick
    }

    package func run() async throws {
        let wakeup = TimerWakeup()
        let soon = Int64(longestWait / .milliseconds(1))
        let subscription = timers.bus.subscribe { notice in
            if let game = notice.as(GameNotice.self), timers.mayBringADeadlineNear(game, within: soon) { wakeup.wake() }
        }
        defer { subscription.cancel() }
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let next = await fireDue()
            let waiting = await pairQuickMatches()
            await tick()
            await wakeup.pause(interval: interval, until: waiting ? nil : next, now: { timers.millis }, longestWait: longestWait)
        }
    }

    /// Fires what is due; the earliest wake-up time still ahead (`.max` for none), or nil to look
    /// again after `interval` (something fired, or the database failed).
    private func fireDue() async -> Int64? {
        do {
            let next = try await timers.nextWake() ?? .max
            guard next <= timers.millis else { return next }
            _ = try await timers.fireDueTimers()
        } catch {
            timers.logger.warning("turn timers failed", metadata: ["error": "\(error)"])
        }
        return nil
    }

    /// Pairs who can be paired; whether anybody was waiting (their windows widen every interval).
    private func pairQuickMatches() async -> Bool {
        do {
            return try await quickMatch.pairQuickMatches()
        } catch {
            timers.logger.warning("quick-match pairing failed", metadata: ["error": "\(error)"])
            return true
        }
    }
}

/// Turn deadlines: when one passes, the game's timeout policy plays or resigns for the seat.
package struct TurnTimers: WorksOnGames {
    package let games: GameService
    let moves: MoveService

    package init(games: GameService, moves: MoveService) {
        self.games = games
        self.moves = moves
    }
}

extension TurnTimers {
    /// The earliest wake-up time of any active game, or nil when no game has one.
    func nextWake() async throws -> Int64? {
        try await database.withConnection { sql in try await PlayStore.nextWake(on: sql) }
    }

    /// Whether `notice` may have set a deadline within `soon` milliseconds, which the timer must
    /// not sleep past: a move into an absent player's turn, a player going away, a game starting.
    /// A move's ordinary deadline is a whole turn ahead.
    func mayBringADeadlineNear(_ notice: GameNotice, within soon: Int64) -> Bool {
        switch notice {
        case .moved(_, _, let move):
            guard let move else { return true }
            return move.deadline.map { $0 - millis < soon } ?? false
        case .started, .left: return true
        default: return false
        }
    }

    /// Applies the timeout policy to every game whose wake-up time has passed; returns how many fired.
    package func fireDueTimers(limit: Int = 32) async throws -> Int {
        let now = millis
        let engines = games.engines
        let hooks = games.hooks
        let cache = cache
        let fired: [LiveGame] = try await bus.transaction(on: database) { sql, announcements in
            var fired: [LiveGame] = []
            let due = try await PlayStore.due(at: now, limit: limit, on: sql)
            for (id, deadline) in due {
                // Pushed on by a move since it was set, or cleared: only the wake-up was due.
                guard let deadline, deadline <= now else { continue }
                guard let game = try await LiveGame.load(id, engines: engines, on: sql), let current = game.current else { continue }
                for seat in game.engine.turnSeats(in: current) {
                    guard let step = try self.timeoutStep(for: seat, in: game) else { continue }
                    if let stored = try await step.store(at: now, hooks: hooks, on: sql) {
                        fired.append(stored.game)
                        announcements.announce(step.notices(stored: stored))
                    }
                    break
                }
            }
            try await PlayStore.rewake(due.map(\.game), on: sql)
            return fired
        } committed: { fired in
            for game in fired { cache.put(game) }
        }
        return fired.count
    }

    /// What the game's timeout policy does for `seat`: its bot plays, or the player resigns.
    func timeoutStep(for seat: Int, in game: LiveGame) throws -> MoveStep? {
        let context = try moves.tableContext(of: game)
        guard case .step(let step) = moves.step(try game.engine.timeout(seat: seat, policy: game.row.timeoutPolicy, on: context), in: game, from: context)
        else { return nil }
        return step
    }
}
