import BestBall
import Foundation
import ParlorDatabase
import ParlorHTTP

/// A room as staff read it: every team's picks and the clock, without being a participant.
extension DraftService {
    package struct StaffSnapshot: Sendable {
        package var loaded: LoadedRoom
        package var pool: PlayerPool
        package var now: Int64
    }

    package func staffSnapshot(of roomID: String) async throws -> StaffSnapshot {
        let pool = try await self.pool.pool()
        let loaded = try await database.withConnection { sql in try await load(roomID, lock: false, on: sql) }
        guard let loaded else { throw APIError.draftNotFound(roomID) }
        return StaffSnapshot(loaded: loaded, pool: pool, now: millis)
    }
}
