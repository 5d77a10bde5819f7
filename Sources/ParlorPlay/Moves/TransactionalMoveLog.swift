import Foundation
import ParlorDatabase
import ParlorEvents

/// Writes each step and its notices in a transaction of its own: SQLite's move log, and
/// PostgreSQL's for the steps that do more than append one move (an ending writes results and
/// ratings with it).
struct TransactionalMoveLog: MoveLog {
    let database: Database
    let bus: any EventBus
    let cache: LiveGameCache
    let now: @Sendable () -> Int64
    let hooks: PlayHooks

    func append(_ step: MoveStep) async throws -> MoveAppend {
        let now = now()
        let stored = try await bus.transaction(on: database) { sql, announcements in
            guard let stored = try await step.store(at: now, hooks: hooks, on: sql) else { return nil as LiveGame? }
            announcements.announce(step.notices(stored: stored))
            return stored.game
        } committed: { stored in
            if let stored { cache.put(stored) }
        }
        return stored.map { .appended($0) } ?? .superseded
    }
}
