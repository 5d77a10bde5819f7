import Foundation
import Logging
import ParlorAccounts
import ParlorHTTP
import ParlorStore
import ServiceLifecycle

/// Fires turn deadlines. Deadlines are stored on the game row, so they survive restarts; every
/// node runs this loop, and on PostgreSQL a due game is claimed with `FOR UPDATE SKIP LOCKED` in
/// the transaction that applies the timeout, so exactly one node fires each deadline. The same
/// loop runs quick-match pairing, whose windows widen with time.
package struct TurnTimerService: Service {
    package let play: PlayService
    package let interval: Duration
    package let tick: @Sendable () async -> Void

    package init(play: PlayService, interval: Duration = .milliseconds(250), tick: @escaping @Sendable () async -> Void = {}) {
        self.play = play
        self.interval = interval
        self.tick = tick
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                _ = try await play.fireDueTimers()
            } catch {
                play.logger.warning("turn timers failed", metadata: ["error": "\(error)"])
            }
            _ = try? await play.pairQuickMatches()
            await tick()
            // Woken by a graceful shutdown too, so stopping never waits out the interval.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}

extension PlayService {
    /// Applies the timeout policy to every game whose deadline has passed; returns how many fired.
    package func fireDueTimers(limit: Int = 32) async throws -> Int {
        let now = millis
        let dialect = database.dialect.rawValue
        let engines = self.engines
        let fired: [(MoveStep, LiveGame)] = try await database.transaction { sql in
            var fired: [(MoveStep, LiveGame)] = []
            for id in try await PlayStore.due(at: now, limit: limit, dialect: dialect, on: sql) {
                guard let game = try await LiveGame.load(id, engines: engines, on: sql), let current = game.current,
                    let deadline = game.row.deadlineAt, deadline <= now
                else { continue }
                for seat in game.engine.turnSeats(in: current) {
                    guard let step = try self.timeoutStep(for: seat, in: game) else { continue }
                    if let stored = try await step.store(at: now, on: sql) { fired.append((step, stored)) }
                    break
                }
            }
            return fired
        }
        for (step, stored) in fired {
            cache.put(stored)
            for notice in step.notices(stored: stored) { await bus.publish(notice) }
        }
        return fired.count
    }

    /// What the game's timeout policy does for `seat`: its bot plays, or the player resigns.
    func timeoutStep(for seat: Int, in game: LiveGame) throws -> MoveStep? {
        switch game.row.timeoutPolicy {
        case .forfeit:
            return try plan(.resign, by: seat, moveID: nil, kind: .timeout, in: game)
        case .botMove:
            guard let current = game.current,
                let action = game.engine.botAction(for: seat, in: current, seed: game.row.seed, seq: game.row.seq)
            else { return try plan(.resign, by: seat, moveID: nil, kind: .timeout, in: game) }
            return try plan(.action(Data(action.utf8)), by: seat, moveID: nil, kind: .timeout, in: game)
        }
    }
}
