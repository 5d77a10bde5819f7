import Foundation
import GameCore
import ParlorDatabase
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
    func store(at now: Int64, on sql: any SQLDatabase) async throws -> LiveGame? {
        let id = after.id
        var from = before.row.seq
        for entry in entries {
            guard try await PlayStore.advance(id, from: from, at: entry.at, deadline: after.row.deadlineAt, on: sql) else { return nil }
            try await PlayStore.insert(entry, into: id, on: sql)
            from = entry.seq
        }
        if let resigned { try await PlayStore.markResigned(resigned, in: id, on: sql) }
        var stored = after
        if let outcome {
            try await PlayStore.complete(id, outcome: outcome, at: after.row.endedAt ?? now, on: sql)
            stored.seats = try await RatingStore.record(outcome, of: stored, at: now, on: sql)
        }
        return stored
    }

    /// What every node hears once the step is stored: the move (carried along when it is all
    /// that changed, so other nodes advance their copies), then the end of the game.
    func notices(stored: LiveGame) -> [GameNotice] {
        let moved = GameNotice.moved(
            game: stored.id, seq: stored.row.seq, move: ordinaryMove.map { NoticedMove($0, deadline: stored.row.deadlineAt) })
        return outcome == nil ? [moved] : [moved, .ended(game: stored.id, seq: stored.row.seq)]
    }
}
