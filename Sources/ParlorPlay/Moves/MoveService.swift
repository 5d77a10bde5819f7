import Foundation
import GameCore
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Moves: each request judged by the game's ``AuthoritativeTable``, written through the
/// ``MoveLog`` with optimistic concurrency on `seq`, idempotent by move id.
package struct MoveService: WorksOnGames {
    package let games: GameService
    /// Where moves are written: batched on PostgreSQL, a transaction each on SQLite.
    let moveLog: any MoveLog

    package init(games: GameService) {
        self.games = games
        self.moveLog = games.database.moveLog(bus: games.bus, cache: games.cache, now: { games.millis }, hooks: games.hooks, logger: games.logger)
    }
}

extension MoveService {
    package enum MoveRequest: Sendable {
        case action(SubmittedAction)
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
        // Counted as JSON Schema counts a string's length: in Unicode code points.
        guard (1...64).contains(moveID.unicodeScalars.count) else {
            throw APIError.invalidFields([FieldError(field: "move_id", message: "must be 1–64 characters")])
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
            case .completed, .abandoned: throw APIError.illegalMove(.gameOver("the game is over"))
            case .active: break
            }
            if let expectedSeq, expectedSeq != game.row.seq { throw APIError.stale(expected: expectedSeq, current: game.row.seq) }
            let planned: Planned
            do {
                planned = try plan(request, by: seat, moveID: moveID, in: game)
            } catch {
                throw APIError.illegalMove(error)
            }
            switch planned {
            case .repeated(let seq):
                return MoveOutcome(seq: seq, repeated: true, game: game)
            case .step(let step):
                if let committed = try await commit(step) { return MoveOutcome(seq: committed.row.seq, repeated: false, game: committed) }
            }
        }
        throw APIError(.conflict, code: "busy", message: "the game changed too often while this move was tried; try again")
    }

    /// What a request comes to, by the game's ``AuthoritativeTable``: a step to write, or a repeat.
    enum Planned: Sendable {
        case step(MoveStep)
        case repeated(seq: Int)
    }

    /// The table's answer to a player's request, resumed from this copy of the game.
    func plan(_ request: MoveRequest, by seat: Int, moveID: String, in game: LiveGame) throws(GameError) -> Planned {
        let context = try tableContext(of: game, applying: moveID, for: seat)
        switch request {
        case .action(let action): return step(try game.engine.submit(action, by: seat, moveID: moveID, on: context), in: game, from: context)
        case .resign: return step(try game.engine.resign(seat: seat, moveID: moveID, kind: .action, on: context), in: game, from: context)
        }
    }

    /// The table of `game` as stored: its state, seq and resigned seats, and the client id being
    /// tried when that seat already used it (a retry racing its own first try on another node).
    func tableContext(of game: LiveGame, applying moveID: String? = nil, for seat: Int? = nil) throws(GameError) -> TableContext {
        guard let state = game.current else { throw .invalidAction("the game has no state yet") }
        var applied: [Int: [String: Int]] = [:]
        if let moveID, let seat, let seq = game.appliedSeq(moveID: moveID, seat: seat) { applied[seat] = [moveID: seq] }
        return TableContext(
            state: state, seed: game.row.seed, seq: game.row.seq, seatCount: game.row.players,
            resigned: Set(game.seats.filter(\.resigned).compactMap(\.seat)), applied: applied)
    }

    /// The table's entries stamped with the time, and the game after them: finished when they
    /// reached an outcome, else with the next turn's deadline.
    func step(_ submission: EngineSubmission, in game: LiveGame, from context: TableContext) -> Planned {
        let (added, states, outcome, resigned): ([EngineEntry], [EngineState], GameOutcome?, Set<Int>)
        switch submission {
        case .repeated(let seq): return .repeated(seq: seq)
        case .applied(let entries, let after, let reached, let out): (added, states, outcome, resigned) = (entries, after, reached, out)
        }
        let now = millis
        var after = game
        let entries = added.map { MoveEntry($0, at: now) }
        for (entry, state) in zip(entries, states) { after.append(entry, state: state) }
        let newlyResigned = resigned.subtracting(context.resigned).first
        for index in after.seats.indices where after.seats[index].seat.map(resigned.contains) == true { after.seats[index].resigned = true }
        if let outcome {
            after.row.status = .completed
            after.row.outcome = outcome
            after.row.endedAt = now
            after.row.deadlineAt = nil
        } else {
            after.row.deadlineAt = after.turnDeadline(now: now)
        }
        after.row.lastMoveAt = now
        let step = MoveStep(before: game, after: after, entries: entries, outcome: outcome, resigned: newlyResigned.flatMap { game.user(at: $0)?.user })
        return .step(step)
    }

    /// Writes a step through the move log, which caches and announces it; nil when another
    /// writer moved the game first. Runs to the end even when the caller is cancelled (its socket
    /// closing): a move written but never announced would leave every other player waiting for it.
    func commit(_ step: MoveStep) async throws -> LiveGame? {
        try await Task {
            switch try await moveLog.append(step) {
            case .appended(let stored):
                return stored
            case .superseded:
                return nil
            }
        }.value
    }
}
