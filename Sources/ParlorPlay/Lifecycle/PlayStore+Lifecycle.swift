import Foundation
import ParlorAPI
import SQLKit

/// The SQL of waiting games that end without being played: a seat given up, a game cancelled or
/// expired. Each write is conditional on the game still waiting, so of two nodes (or a creator
/// and the expiry sweep) racing for one game, exactly one changes it.
extension PlayStore {
    /// Marks a waiting game `abandoned`: ended now, with no deadline and no invite code, and no
    /// longer the rematch of its earlier game (so the players may offer another). False, writing
    /// nothing, when the game no longer waits.
    static func abandon(_ id: UUID, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            UPDATE games SET status = \(bind: GameStatus.abandoned.rawValue), ended_at = \(bind: now), deadline_at = NULL, wake_at = NULL,
                invite_code = NULL, rematch_of = NULL
            WHERE id = \(bind: key(id)) AND status = \(bind: GameStatus.waiting.rawValue) RETURNING id
            """).first() != nil
    }

    /// Frees `user`'s place in a game; false when they had none.
    static func removeSeat(of user: String, from id: UUID, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("DELETE FROM game_players WHERE game = \(bind: key(id)) AND user_id = \(bind: user) RETURNING user_id").first() != nil
    }

    /// Waiting games created at or before `cutoff`, oldest first. On PostgreSQL the rows stay
    /// locked for the caller's transaction and rows another node holds are skipped, so two nodes
    /// sweeping at once expire different games (and the conditional ``abandon(_:at:on:)`` expires
    /// each once in any case). Reads the `(status, created_at)` index of ``PlayMigrations/waitingExpiry``.
    static func waiting(createdBy cutoff: Int64, limit: Int, on sql: any SQLDatabase) async throws -> [UUID] {
        let lock: SQLQueryString = sql.dialect.name == "sqlite" ? "" : " FOR UPDATE SKIP LOCKED"
        return try await sql.raw("""
            SELECT id FROM games WHERE status = \(bind: GameStatus.waiting.rawValue) AND created_at <= \(bind: cutoff)
            ORDER BY created_at, id LIMIT \(bind: limit)\(lock)
            """).all().compactMap { UUID(parsing: try $0.decode(column: "id", as: String.self)) }
    }
}

extension InvitationStore {
    /// Answers the game's pending invitations as expired; the ones it changed.
    static func expire(game: String, on sql: any SQLDatabase) async throws -> [InvitationRow] {
        try await sql.raw("""
            UPDATE game_invitations SET status = \(bind: InvitationRow.Status.expired.rawValue)
            WHERE game = \(bind: game) AND status = \(bind: InvitationRow.Status.pending.rawValue)
            RETURNING \(unsafeRaw: InvitationRow.columns.joined(separator: ", "))
            """).all().map(InvitationRow.init(row:))
    }
}
