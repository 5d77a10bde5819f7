import Foundation
import ParlorDatabase

/// Writes each step in a transaction of its own, then announces it: SQLite's move log, and
/// PostgreSQL's for the steps that do more than append one move (an ending writes results and
/// ratings with it).
struct TransactionalMoveLog: MoveLog {
    let database: Database
    let bus: any GameEventBus
    let cache: LiveGameCache
    let now: @Sendable () -> Int64
    let hooks: PlayHooks

    func append(_ step: MoveStep) async throws -> MoveAppend {
        let now = now()
        guard let stored = try await database.transaction({ sql in try await step.store(at: now, hooks: hooks, on: sql) }) else { return .superseded }
        cache.put(stored.game)
        for notice in step.notices(stored: stored) { await bus.publish(notice) }
        return .appended(stored.game)
    }
}
