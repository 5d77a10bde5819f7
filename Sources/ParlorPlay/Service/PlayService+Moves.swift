import Foundation
import GameCore
import HTTPTypes
import ParlorAccounts
import ParlorHTTP
import ParlorStore
import SQLKit

/// Applying moves: validation by the engine, optimistic concurrency on `seq`, idempotency by move id.
extension PlayService {
    package enum MoveRequest: Sendable {
        case action(Data)
        case resign
    }

    package struct MoveOutcome: Sendable {
        package var seq: Int
        package var repeated: Bool
        package var game: LiveGame
    }

    /// Plays `request` for `user`. A move id already applied answers its first result; a write
    /// that loses the race for `seq` to another node reloads the game and tries again.
    package func move(_ id: UUID, user: String, moveID: String, request: MoveRequest, expectedSeq: Int? = nil) async throws -> MoveOutcome {
        guard (1...64).contains(moveID.utf8.count) else {
            throw APIError.invalidFields([FieldError(field: "move_id", message: "must be 1–64 bytes")])
        }
        for attempt in 0..<5 {
            let game = attempt == 0 ? try await live(id) : try await reload(id)
            guard let seat = game.seat(of: user) else {
                if game.seatRow(of: user) != nil { throw APIError.notStarted() }
                throw APIError.notAPlayer()
            }
            if let seq = game.appliedSeq(moveID: moveID, seat: seat) { return MoveOutcome(seq: seq, repeated: true, game: game) }
            switch game.row.status {
            case .waiting: throw APIError.notStarted()
            case .completed: throw APIError.illegalMove(.gameOver("the game is over"))
            case .active: break
            }
            if let expectedSeq, expectedSeq != game.row.seq { throw APIError.stale(expected: expectedSeq, current: game.row.seq) }
            if game.seatRow(of: user)?.resigned == true { throw APIError.illegalMove(.gameOver("you have resigned from this game")) }
            let step: Step
            do {
                step = try plan(request, by: seat, moveID: moveID, kind: .action, in: game)
            } catch let error as GameError {
                throw APIError.illegalMove(error)
            }
            if let committed = try await commit(step) { return MoveOutcome(seq: committed.row.seq, repeated: false, game: committed) }
        }
        throw APIError(.conflict, code: "busy", message: "the game changed too often while this move was tried; try again")
    }

    /// The entries a request adds, and the game after them: the move itself, then moves the
    /// timeout policy makes for resigned players whose turn comes up.
    struct Step: Sendable {
        var before: LiveGame
        var after: LiveGame
        var entries: [MoveEntry]
        var outcome: GameOutcome?
        var resigned: String?
    }

    func plan(_ request: MoveRequest, by seat: Int, moveID: String?, kind: MoveEntry.Kind, in game: LiveGame) throws -> Step {
        guard let state = game.current else { throw GameError.invalidAction("the game has no state yet") }
        let now = millis
        var after = game
        var entries: [MoveEntry] = []
        var resigned: String?
        switch request {
        case .action(let json):
            let (next, action) = try game.engine.apply(action: json, by: seat, to: state)
            let entry = MoveEntry(seq: game.row.seq + 1, seat: seat, kind: kind, action: action, moveID: moveID, at: now)
            after.append(entry, state: next)
            entries.append(entry)
        case .resign:
            resigned = game.user(at: seat)?.user
            if let index = after.seats.firstIndex(where: { $0.seat == seat }) { after.seats[index].resigned = true }
            if let action = game.engine.resignAction() {
                let (next, canonical) = try game.engine.apply(action: Data(action.utf8), by: seat, to: state)
                let entry = MoveEntry(seq: game.row.seq + 1, seat: seat, kind: kind, action: canonical, moveID: moveID, at: now)
                after.append(entry, state: next)
                entries.append(entry)
            } else {
                let entry = MoveEntry(seq: game.row.seq + 1, seat: seat, kind: .resign, action: nil, moveID: moveID, at: now)
                after.append(entry, state: state)
                entries.append(entry)
            }
        }
        var outcome = platformOutcome(of: after)
        // A resigned player's turns are played by the game's bot, so the others can go on.
        while outcome == nil, let current = after.current,
            let away = game.engine.turnSeats(in: current).first(where: { seat in after.seats.contains { $0.seat == seat && $0.resigned } }),
            entries.count < 500
        {
            guard let action = game.engine.botAction(for: away, in: current, seed: game.row.seed, seq: after.row.seq) else { break }
            let (next, canonical) = try game.engine.apply(action: Data(action.utf8), by: away, to: current)
            let entry = MoveEntry(seq: after.row.seq + 1, seat: away, kind: .timeout, action: canonical, moveID: nil, at: now)
            after.append(entry, state: next)
            entries.append(entry)
            outcome = platformOutcome(of: after)
        }
        if let outcome {
            after.row.status = .completed
            after.row.outcome = outcome
            after.row.endedAt = now
            after.row.deadlineAt = nil
        } else {
            after.row.deadlineAt = deadline(for: after, now: now)
        }
        after.row.lastMoveAt = now
        return Step(before: game, after: after, entries: entries, outcome: outcome, resigned: resigned)
    }

    /// The engine's outcome, or the platform's when all but one player have resigned.
    func platformOutcome(of game: LiveGame) -> GameOutcome? {
        if let current = game.current, let outcome = game.engine.outcome(of: current) { return outcome }
        let remaining = game.seats.filter { !$0.resigned }.compactMap(\.seat)
        guard remaining.count <= 1 else { return nil }
        return GameOutcome(winners: remaining, winType: .resignation)
    }

    /// When the current turn times out: the turn clock, shortened to the grace period when a
    /// real-time player whose turn it is has gone away.
    func deadline(for game: LiveGame, now: Int64) -> Int64? {
        guard game.row.status == .active, let current = game.current else { return nil }
        var deadline = now + Int64(game.row.turnSeconds) * 1000
        if game.row.mode == .realtime {
            for seat in game.engine.turnSeats(in: current) {
                if let row = game.user(at: seat), row.connections == 0 {
                    deadline = min(deadline, max(now, (row.awaySince ?? now) + Int64(game.row.graceSeconds) * 1000))
                }
            }
        }
        return deadline
    }

    /// Stores a step if the game is still at the seq it was planned on; nil when another writer
    /// moved first. Publishes what changed.
    /// Runs to the end even when the caller is cancelled (its socket closing): a move written
    /// but never published would leave every other player waiting for it.
    func commit(_ step: Step) async throws -> LiveGame? {
        try await Task { try await write(step) }.value
    }

    private func write(_ step: Step) async throws -> LiveGame? {
        if let appender, step.outcome == nil, step.resigned == nil, step.entries.count == 1, let entry = step.entries.first {
            // Most moves: appended with others in one statement that also sends the notice.
            let notice = GameNotice(kind: .moved, game: step.after.id, seq: entry.seq, move: NoticedMove(entry, deadline: step.after.row.deadlineAt))
            let notification = bus.notification(for: notice)
            let move = MoveAppender.Move(game: step.after.id, entry: entry, deadline: step.after.row.deadlineAt, notification: notification)
            guard try await appender.append(move) else { return nil }
            cache.put(step.after)
            if notification == nil { await bus.publish(notice) }
            return step.after
        }
        guard let stored = try await database.transaction({ sql in try await self.store(step, on: sql) }) else { return nil }
        cache.put(stored)
        await publish(step, stored: stored)
        return stored
    }

    func publish(_ step: Step, stored: LiveGame) async {
        // The move rides along when it is all that changed, so other nodes advance their copies.
        let move = step.entries.count == 1 && step.outcome == nil && step.resigned == nil ? step.entries.first : nil
        await bus.publish(
            GameNotice(kind: .moved, game: stored.id, seq: stored.row.seq, move: move.map { NoticedMove($0, deadline: stored.row.deadlineAt) }))
        if step.outcome != nil { await bus.publish(GameNotice(kind: .ended, game: stored.id, seq: stored.row.seq)) }
    }

    /// Writes a step inside the caller's transaction; nil when the stored seq has moved on.
    func store(_ step: Step, on sql: any SQLDatabase) async throws -> LiveGame? {
        let id = step.after.id
        var from = step.before.row.seq
        for entry in step.entries {
            guard try await PlayStore.advance(id, from: from, at: entry.at, deadline: step.after.row.deadlineAt, on: sql) else { return nil }
            try await PlayStore.insert(entry, into: id, on: sql)
            from = entry.seq
        }
        if let resigned = step.resigned { try await PlayStore.markResigned(resigned, in: id, on: sql) }
        var after = step.after
        if let outcome = step.outcome {
            try await PlayStore.complete(id, outcome: outcome, at: after.row.endedAt ?? millis, on: sql)
            after.seats = try await RatingStore.record(outcome, of: after, at: millis, on: sql)
        }
        return after
    }
}
