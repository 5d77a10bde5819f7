import Foundation
import ParlorDatabase
import SQLKit

/// SQL over `auth_sessions` and `refresh_tokens`.
///
/// A session is one sign-in on one device and the chain of refresh tokens descended from it. Only
/// hashes of refresh tokens are stored; a used one is kept so that seeing it again is recognised.
enum SessionStore {
    struct NewSession: Sendable {
        var id: String
        var userID: String
        var now: Int64
        var expiresAt: Int64
        var refreshHash: String
        var clientAddress: String
        var userAgent: String?
    }

    static func create(_ session: NewSession, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "auth_sessions")
            .columns("id", "user_id", "created_at", "last_used_at", "expires_at", "client_ip", "user_agent")
            .values(
                SQLBind(session.id), SQLBind(session.userID), SQLBind(session.now), SQLBind(session.now),
                SQLBind(session.expiresAt), SQLBind(session.clientAddress), SQLBind(session.userAgent))
            .run()
        try await addRefreshToken(session.refreshHash, session: session.id, at: session.now, on: sql)
    }

    static func addRefreshToken(_ hash: String, session: String, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "refresh_tokens").columns("token_hash", "session_id", "created_at")
            .values(SQLBind(hash), SQLBind(session), SQLBind(now)).run()
    }

    enum RefreshOutcome: Sendable, Equatable {
        case rotated(sessionID: String, userID: String)
        case unknown
        case sessionEnded
        /// The token had been used before: the session is now revoked.
        case reused
    }

    /// Marks `hash` used and records `newHash` as its successor, all or nothing.
    ///
    /// The conditional update claims the token, so of two concurrent refreshes with one token only
    /// one succeeds; the other sees a used token and revokes the session, as a thief's would.
    static func rotate(_ hash: String, to newHash: String, now: Int64, expiresAt: Int64, on sql: any SQLDatabase) async throws -> RefreshOutcome {
        guard let row = try await sql.select()
            .columns(SQLColumn("session_id", table: "t"), SQLColumn("user_id", table: "s"), SQLColumn("revoked_at", table: "s"), SQLColumn("expires_at", table: "s"))
            .from(SQLAlias(SQLIdentifier("refresh_tokens"), as: SQLIdentifier("t")))
            .join(SQLAlias(SQLIdentifier("auth_sessions"), as: SQLIdentifier("s")), on: SQLColumn("id", table: "s"), .equal, SQLColumn("session_id", table: "t"))
            .where(SQLColumn("token_hash", table: "t"), .equal, SQLBind(hash))
            .first()
        else { return .unknown }
        let sessionID = try row.decode(column: "session_id", as: String.self)
        let userID = try row.decode(column: "user_id", as: String.self)
        if try row.decode(column: "revoked_at", as: Int64?.self) != nil { return .sessionEnded }
        if try row.decode(column: "expires_at", as: Int64.self) <= now { return .sessionEnded }
        let claimed = try await sql.update("refresh_tokens").set("used_at", to: now)
            .where("token_hash", .equal, hash).where("used_at", .is, SQLLiteral.null)
            .returning("session_id").all()
        guard !claimed.isEmpty else {
            try await revoke(session: sessionID, reason: "refresh_token_reused", now: now, on: sql)
            return .reused
        }
        try await addRefreshToken(newHash, session: sessionID, at: now, on: sql)
        try await sql.update("auth_sessions").set("last_used_at", to: now).set("expires_at", to: expiresAt)
            .where("id", .equal, sessionID).run()
        return .rotated(sessionID: sessionID, userID: userID)
    }

    static func revoke(session id: String, reason: String, now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update("auth_sessions").set("revoked_at", to: now).set("revoked_reason", to: reason)
            .where("id", .equal, id).where("revoked_at", .is, SQLLiteral.null).run()
    }

    static func revokeAll(of userID: String, except keep: String? = nil, reason: String, now: Int64, on sql: any SQLDatabase) async throws {
        var query = sql.update("auth_sessions").set("revoked_at", to: now).set("revoked_reason", to: reason)
            .where("user_id", .equal, userID).where("revoked_at", .is, SQLLiteral.null)
        if let keep { query = query.where("id", .notEqual, keep) }
        try await query.run()
    }

    /// The session's user when the session is live and the user neither deleted nor suspended
    /// (suspending revokes the sessions; this also refuses one a sign-in racing it started).
    static func liveUser(session id: String, now: Int64, on sql: any SQLDatabase) async throws -> (userID: String, role: StaffRole?)? {
        // Written out rather than built: it runs on every authenticated request, and the builder's
        // quoting of its ten names on every run cost more than the rest of the query's serializing.
        guard let row = try await sql.raw("""
                SELECT u.id, u.role FROM auth_sessions AS s INNER JOIN users AS u ON u.id = s.user_id
                WHERE s.id = \(bind: id) AND s.revoked_at IS NULL AND s.expires_at > \(bind: now) AND u.deleted_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM user_suspensions AS x WHERE x.user_id = u.id AND (x.until_at IS NULL OR x.until_at > \(bind: now)))
                """).first()
        else { return nil }
        return (try row.decode(column: "id", as: String.self), try row.decode(column: "role", as: String?.self).flatMap(StaffRole.init(rawValue:)))
    }
}
