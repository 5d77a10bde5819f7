import Foundation
import ParlorHTTP
import SQLKit

/// A session that can still be used, as staff see it.
package struct LiveSession: Sendable, Equatable {
    package var id: String
    package var createdAt: Int64
    package var lastUsedAt: Int64
    package var expiresAt: Int64
    package var clientAddress: String?
    package var userAgent: String?
}

/// The SQL behind the admin users routes: finding users, their live sessions, the admins.
enum AdminUserStore {
    /// Live users whose username, display name or email contains `text` (ignoring case), or whose
    /// id is `text` (staff paste ids from logs and the audit trail), newest first, `limit` of them
    /// after `cursor`; every live user without `text`.
    static func search(_ text: String?, after cursor: PageCursor?, limit: Int, on sql: any SQLDatabase) async throws -> [UserRecord] {
        var query = sql.select().columns(UserStore.columns).from("users").where("deleted_at", .is, SQLLiteral.null)
        if let text, !text.isEmpty {
            // `\` escapes LIKE's wildcards, so `_` and `%` typed in a query match themselves.
            let escaped = text.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            let pattern = "%\(escaped)%"
            let matches: SQLQueryString = """
                (username_key LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(display_name) LIKE \(bind: pattern) ESCAPE '\\' \
                OR email_key LIKE \(bind: pattern) ESCAPE '\\' OR id = \(bind: text))
                """
            query = query.where(matches)
        }
        if let cursor {
            query = query.where { group in
                group.where("created_at", .lessThan, cursor.time)
                    .orWhere { $0.where("created_at", .equal, cursor.time).where("id", .lessThan, cursor.id) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all()
            .map { try $0.decode(model: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase) }
    }

    /// The user's sessions that are neither revoked nor expired at `now`, newest first.
    static func liveSessions(of userID: String, at now: Int64, on sql: any SQLDatabase) async throws -> [LiveSession] {
        try await sql.select().columns("id", "created_at", "last_used_at", "expires_at", "client_ip", "user_agent").from("auth_sessions")
            .where("user_id", .equal, userID).where("revoked_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, now)
            .orderBy("created_at", .descending).all()
            .map { row in
                LiveSession(
                    id: try row.decode(column: "id", as: String.self), createdAt: try row.decode(column: "created_at", as: Int64.self),
                    lastUsedAt: try row.decode(column: "last_used_at", as: Int64.self), expiresAt: try row.decode(column: "expires_at", as: Int64.self),
                    clientAddress: try row.decode(column: "client_ip", as: String?.self), userAgent: try row.decode(column: "user_agent", as: String?.self))
            }
    }

    /// The ids of the live admins; on PostgreSQL their rows stay locked for the caller's
    /// transaction, so two admins demoting each other at once cannot leave none.
    static func admins(on sql: any SQLDatabase) async throws -> [String] {
        var query = sql.select().column("id").from("users").where("role", .equal, StaffRole.admin.rawValue).where("deleted_at", .is, SQLLiteral.null)
        if sql.dialect.name != "sqlite" { query = query.for(.update) }
        return try await query.all().map { try $0.decode(column: "id", as: String.self) }
    }
}
