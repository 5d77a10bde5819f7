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
            let step: MoveStep
            do {
                step = try plan(request, by: seat, moveID: moveID, kind: .action, in: game)
            } catch let error as GameError {
                throw APIError.illegalMove(error)
            }
            if let committed = try await commit(step) { return MoveOutcome(seq: committed.row.seq, repeated: false, game: committed) }
        }
        throw APIError(.conflict, code: "busy", message: "the game changed too often while this move was tried; try again")
    }

    func plan(_ request: MoveRequest, by seat: Int, moveID: String?, kind: MoveEntry.Kind, in game: LiveGame) throws -> MoveStep {
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
        return MoveStep(before: game, after: after, entries: entries, outcome: outcome, resigned: resigned)
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

    /// Writes a step through the move log, which announces it; nil when another writer moved
    /// the game first. Runs to the end even when the caller is cancelled (its socket closing):
    /// a move written but never announced would leave every other player waiting for it.
    func commit(_ step: MoveStep) async throws -> LiveGame? {
        try await Task {
            switch try await moveLog.append(step) {
            case .appended(let stored):
                cache.put(stored)
                return stored
            case .superseded:
                return nil
            }
        }.value
    }
}
