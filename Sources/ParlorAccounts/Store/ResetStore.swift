import ParlorDatabase
import SQLKit

/// SQL over `password_resets`: one-time, expiring tokens, stored as hashes.
enum ResetStore {
    static func create(hash: String, userID: String, now: Int64, expiresAt: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "password_resets").columns("token_hash", "user_id", "created_at", "expires_at")
            .values(SQLBind(hash), SQLBind(userID), SQLBind(now), SQLBind(expiresAt)).run()
    }

    /// Uses the token if it is unused and unexpired, returning its user; a second use finds nothing.
    static func consume(hash: String, now: Int64, on sql: any SQLDatabase) async throws -> String? {
        try await sql.update("password_resets").set("used_at", to: now)
            .where("token_hash", .equal, hash).where("used_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, now)
            .returning("user_id").first()?.decode(column: "user_id", as: String.self)
    }

    static func deleteAll(of userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "password_resets").where("user_id", .equal, userID).run()
    }
}
