import Foundation
import SQLKit

/// The SQL of a game staff end while it is being played.
extension PlayStore {
    /// Marks an active game `abandoned`: ended now with no outcome, no deadline and no wake-up,
    /// so no timer fires for it again. Conditional on the game still being played, so of a
    /// move that ends it and an operator ending it, exactly one wins. False, writing nothing,
    /// when it is no longer active.
    static func endActive(_ id: UUID, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            UPDATE games SET status = \(bind: GameStatus.abandoned.rawValue), ended_at = \(bind: now), deadline_at = NULL, wake_at = NULL,
                invite_code = NULL, rematch_of = NULL
            WHERE id = \(bind: key(id)) AND status = \(bind: GameStatus.active.rawValue) RETURNING id
            """).first() != nil
    }
}
