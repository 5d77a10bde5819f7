import Foundation
import SQLKit

/// What other capabilities may read of users, inside their own transactions: the names they show
/// and which users ids and usernames name. The `users` table itself stays Accounts' own.
package enum UserDirectory {
    /// The name a player is shown under; "player" for an unknown id.
    package static func displayName(of user: String, on sql: any SQLDatabase) async throws -> String {
        try await UserStore.displayName(of: user, on: sql) ?? unknownName
    }

    package static let unknownName = "player"

    /// The user's language as a BCP 47 tag (`en`, `pt-BR`), nil when not known: what to write
    /// to them in.
    package static func locale(of user: String, on sql: any SQLDatabase) async throws -> String? {
        try await UserStore.locale(of: user, on: sql)
    }

    /// The live (not deleted) users among `ids`, as a query of one column, `id`, for a statement
    /// that writes only for them: it reads the users in the same statement instead of a round
    /// trip before it.
    package static func live(among ids: [String]) -> SQLQueryString {
        "SELECT id FROM users WHERE id IN (\(binds: ids)) AND deleted_at IS NULL"
    }

    /// The display names of `ids`, as a query of two columns, `id` and `display_name`, for a
    /// statement that stores names with the rows it writes; an unknown id has no row (its name is
    /// "player", as ``displayName(of:on:)`` answers).
    package static func names(of ids: [String]) -> SQLQueryString {
        "SELECT id, display_name FROM users WHERE id IN (\(binds: ids))"
    }

    /// The user id each of `names` (an id or a username, ignoring case) names, for live users;
    /// names that match nobody are left out.
    package static func ids(named names: [String], on sql: any SQLDatabase) async throws -> [String: String] {
        try await UserStore.ids(named: names, on: sql)
    }
}

/// What other capabilities may show of a user: the public fields, nothing private.
package struct DirectoryUser: Sendable, Equatable {
    package var id: String
    package var username: String
    package var displayName: String
    package var avatarURL: String?
    /// Milliseconds since 1970.
    package var createdAt: Int64
}

extension UserDirectory {
    static let publicColumns = ["id", "username", "username_key", "display_name", "avatar_url", "created_at"]

    /// The live users among `ids`, by id.
    package static func users(_ ids: [String], on sql: any SQLDatabase) async throws -> [String: DirectoryUser] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await sql.select().columns(publicColumns).from("users").where("id", .in, ids)
            .where("deleted_at", .is, SQLLiteral.null).all()
        return Dictionary(try rows.map { let user = try directoryUser($0); return (user.id, user) }, uniquingKeysWith: { first, _ in first })
    }

    /// Live users whose username starts with `prefix` (ignoring case), in username order after
    /// the username `after`; at most `limit`.
    package static func search(prefix: String, after: String?, limit: Int, on sql: any SQLDatabase) async throws -> [DirectoryUser] {
        // LIKE's wildcards in a username (`_`) are escaped; PostgreSQL serves the prefix from the
        // `text_pattern_ops` index, SQLite scans (its LIKE ignores ASCII case anyway).
        let escaped = prefix.lowercased().replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let rows = try await sql.raw("""
            SELECT id, username, username_key, display_name, avatar_url, created_at FROM users
            WHERE username_key LIKE \(bind: escaped + "%") ESCAPE '\\' AND username_key > \(bind: after?.lowercased() ?? "")
            AND deleted_at IS NULL ORDER BY username_key LIMIT \(unsafeRaw: String(limit))
            """).all()
        return try rows.map(directoryUser)
    }

    private static func directoryUser(_ row: any SQLRow) throws -> DirectoryUser {
        DirectoryUser(
            id: try row.decode(column: "id", as: String.self), username: try row.decode(column: "username", as: String.self),
            displayName: try row.decode(column: "display_name", as: String.self),
            avatarURL: try row.decodeNil(column: "avatar_url") ? nil : try row.decode(column: "avatar_url", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self))
    }
}
