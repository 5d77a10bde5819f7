import Foundation
import Logging
import ParlorDatabase
import ParlorEvents

/// Where moves are written: the game's append-only move log and its row, together.
///
/// A step is written only while the game is still at the seq it was planned on (optimistic
/// concurrency), and what it announces goes out once it has committed, never before and never
/// for a step that did not. ``TransactionalMoveLog`` writes each step in a transaction (SQLite,
/// and every step that ends a game or resigns); ``BatchedMoveLog`` appends PostgreSQL's ordinary
/// moves many games at a time, each announced by the statement that writes it.
///
/// The stored game is put in this node's cache before it is announced: a bus that delivers on
/// the publisher's task (``LocalEventBus``) would otherwise have the cache follower replay
/// the move it was about to be handed.
protocol MoveLog: Sendable {
    func append(_ step: MoveStep) async throws -> MoveAppend
}

/// What became of a step.
enum MoveAppend: Sendable {
    /// Written, cached and announced: the game as stored.
    case appended(LiveGame)
    /// Another writer moved the game first; nothing was written. Plan again on the new game.
    case superseded
}

extension Database {
    /// The move log for this database.
    func moveLog(
        bus: any EventBus, cache: LiveGameCache, now: @escaping @Sendable () -> Int64, hooks: PlayHooks, logger: Logger
    ) -> any MoveLog {
        let transactional = TransactionalMoveLog(database: self, bus: bus, cache: cache, now: now, hooks: hooks)
        guard dialect == .postgres else { return transactional }
        return BatchedMoveLog(
            appender: MoveAppender(database: self, logger: logger), bus: bus, cache: cache, transactional: transactional, notifies: hooks.notifier != nil)
    }
}
