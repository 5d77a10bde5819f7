import Foundation
import GameCore
import ParlorDatabase
import ParlorEvents
import SQLKit

/// What one request does to a game, planned against the copy it was made on: the entries it
/// adds (the move, then moves played for resigned seats whose turn comes up), and the game after.
struct MoveStep: Sendable {
    var before: LiveGame
    var after: LiveGame
    var entries: [MoveEntry]
    var outcome: GameOutcome?
    var resigned: String?

    /// A single move that neither ends the game nor resigns: the only kind a node can replay
    /// from its notice, and the kind PostgreSQL appends in batches.
    var ordinaryMove: MoveEntry? {
        guard outcome == nil, resigned == nil, entries.count == 1 else { return nil }
        return entries.first
    }

    /// Writes the step inside the caller's transaction; nil when the stored seq has moved on.
    /// A finished game's results also go to the results hook, whose notices come back to
    /// publish; the notifier hears of the end, or of whose turn it is in a turn-based game.
    func store(at now: Int64, hooks: PlayHooks, on sql: any SQLDatabase) async throws -> Stored? {
        let id = after.id
        let endedAt = after.row.endedAt ?? now
        for (index, entry) in entries.enumerated() {
            // The last entry of an ending step completes the game in the same write.
            let ending = index == entries.count - 1 ? outcome.map { (outcome: $0, at: endedAt) } : nil
            guard try await PlayStore.advance(id, by: entry, deadline: after.row.deadlineAt, completing: ending, on: sql) else { return nil }
        }
        if let resigned { try await PlayStore.markResigned(resigned, in: id, on: sql) }
        var stored = after
        var announced: [Notice] = []
        if let outcome {
            if entries.isEmpty { try await PlayStore.complete(id, outcome: outcome, at: endedAt, on: sql) }
            stored.seats = try await RatingStore.record(outcome, of: stored, at: now, on: sql)
            let finished = Self.finished(stored, outcome: outcome, at: endedAt)
            try await hooks.notifier?.ended(finished, name: stored.engine.catalogEntry.displayName, on: sql)
            // Last: the results move rows every game ending shares (a leaderboard's histogram),
            // locked until the commit, so nothing else of this transaction may come after them.
            if let results = hooks.results { announced = try await results.record(finished, on: sql) }
        } else if let notifier = hooks.notifier, let turn = turnPassed(stored) {
            try await notifier.turnPassed(turn, on: sql)
        }
        return Stored(game: stored, announced: announced)
    }

    /// In a turn-based game, the players whose turn has just come (not the one who moved again).
    private func turnPassed(_ game: LiveGame) -> TurnPassed? {
        guard game.row.mode == .turnBased, let state = game.current, let mover = entries.first?.seat else { return nil }
        let before = Set(self.before.current.map { game.engine.turnSeats(in: $0) } ?? [])
        let waiting = game.engine.turnSeats(in: state).filter { !before.contains($0) }.compactMap { game.user(at: $0)?.user }
        guard !waiting.isEmpty else { return nil }
        return TurnPassed(
            game: game.id, gameType: game.row.gameType, gameName: game.engine.catalogEntry.displayName, seq: game.row.seq, users: waiting,
            moverName: game.user(at: mover)?.name ?? "Your opponent")
    }

    struct Stored: Sendable {
        var game: LiveGame
        /// What the results recorder announced with the results.
        var announced: [Notice]
    }

    /// The game's results per seat: the engine's statistics and the ones every game has.
    static func finished(_ game: LiveGame, outcome: GameOutcome, at endedAt: Int64) -> RecordedGame {
        let seats = game.seats.compactMap { row -> RecordedSeat? in
            guard let seat = row.seat else { return nil }
            var statistics = game.current.map { game.engine.statistics(of: $0, for: seat) } ?? [:]
            statistics[GameStatistic.won] = outcome.winners.contains(seat) ? 1 : 0
            statistics[GameStatistic.played] = 1
            if let rating = row.ratingAfter { statistics[GameStatistic.rating] = rating }
            return RecordedSeat(user: row.user, seat: seat, statistics: statistics)
        }
        return RecordedGame(game: game.id, gameType: game.row.gameType, endedAt: endedAt, seats: seats)
    }

    /// What every node hears once the step is stored: the move (carried along when it is all
    /// that changed, so other nodes advance their copies), then the end of the game.
    func notices(stored: Stored) -> [Notice] {
        notices(stored: stored.game).map(Notice.init) + stored.announced
    }

    private func notices(stored: LiveGame) -> [GameNotice] {
        let moved = GameNotice.moved(
            game: stored.id, seq: stored.row.seq, move: ordinaryMove.map { NoticedMove($0, deadline: stored.row.deadlineAt) })
        return outcome == nil ? [moved] : [moved, .ended(game: stored.id, seq: stored.row.seq)]
    }
}
