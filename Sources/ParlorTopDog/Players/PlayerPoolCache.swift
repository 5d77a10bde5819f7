import BestBall
import ParlorDatabase
import Synchronization

/// This node's copy of the player pool. Every draft reads it; an import on any node changes the
/// pool's version, which a node checks at most once per `maxAge` before trusting its copy, so a
/// pick never pays for loading 300 rows.
package final class PlayerPoolCache: Sendable {
    private struct Copy {
        var pool: PlayerPool
        var version: Int64
        var checkedAt: ContinuousClock.Instant
    }

    private let database: Database
    private let maxAge: Duration
    private let copy = Mutex<Copy?>(nil)

    package init(database: Database, maxAge: Duration = .seconds(5)) {
        self.database = database
        self.maxAge = maxAge
    }

    package func pool() async throws -> PlayerPool {
        let now = ContinuousClock.now
        if let held = copy.withLock({ $0 }), now - held.checkedAt < maxAge { return held.pool }
        let version = try await database.withConnection { sql in try await PlayerStore.version(on: sql) }
        if let held = copy.withLock({ $0 }), held.version == version {
            copy.withLock { $0?.checkedAt = now }
            return held.pool
        }
        let players = try await database.withConnection { sql in try await PlayerStore.all(on: sql) }
        let pool = PlayerPool(players)
        copy.withLock { $0 = Copy(pool: pool, version: version, checkedAt: now) }
        return pool
    }

    /// Forgets the copy, after this node changed the pool.
    package func invalidate() { copy.withLock { $0 = nil } }
}
