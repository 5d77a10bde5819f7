import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ServiceLifecycle

/// Fires turn deadlines. Deadlines are stored on the game row, so they survive restarts; every
/// node runs this loop, and on PostgreSQL a due game is claimed with `FOR UPDATE SKIP LOCKED` in
/// the transaction that applies the timeout, so exactly one node fires each deadline. The same
/// loop runs quick-match pairing, whose windows widen with time.
package struct TurnTimerService: Service {
    package let timers: TurnTimers
    package let quickMatch: QuickMatchService
    package let interval: Duration
    package let tick: @Sendable () async -> Void

    package init(timers: TurnTimers, quickMatch: QuickMatchService, interval: Duration = .milliseconds(250), tick: @escaping @Sendable () async -> Void = {}) {
        self.timers = timers
        self.quickMatch = quickMatch
        self.interval = interval
        self.tick = tick
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                _ = try await timers.fireDueTimers()
            } catch {
                timers.logger.warning("turn timers failed", metadata: ["error": "\(error)"])
            }
            _ = try? await quickMatch.pairQuickMatches()
            await tick()
            // Woken by a graceful shutdown too, so stopping never waits out the interval.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
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
    /// Applies the timeout policy to every game whose deadline has passed; returns how many fired.
    package func fireDueTimers(limit: Int = 32) async throws -> Int {
        let now = millis
        guard try await database.withConnection({ sql in try await PlayStore.anyDue(at: now, on: sql) }) else { return 0 }
        let engines = games.engines
        let hooks = games.hooks
        let fired: [(MoveStep, MoveStep.Stored)] = try await database.transaction { sql in
            var fired: [(MoveStep, MoveStep.Stored)] = []
            let due = try await PlayStore.due(at: now, limit: limit, on: sql)
            for (id, deadline) in due {
                // Pushed on by a move since it was set, or cleared: only the wake-up was due.
                guard let deadline, deadline <= now else { continue }
                guard let game = try await LiveGame.load(id, engines: engines, on: sql), let current = game.current else { continue }
                for seat in game.engine.turnSeats(in: current) {
                    guard let step = try self.timeoutStep(for: seat, in: game) else { continue }
                    if let stored = try await step.store(at: now, hooks: hooks, on: sql) { fired.append((step, stored)) }
                    break
                }
            }
            try await PlayStore.rewake(due.map(\.game), on: sql)
            return fired
        }
        for (step, stored) in fired {
            cache.put(stored.game)
            for notice in step.notices(stored: stored) { await bus.publish(notice) }
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
