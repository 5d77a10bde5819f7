import ParlorDatabase
import SQLKit

/// SQL over `email_codes`: the one live verification code of each user, stored as a hash.
enum EmailCodeStore {
    struct Code: Codable, Sendable {
        var userId: String
        var emailKey: String
        var codeHash: String
        var attempts: Int
        var createdAt: Int64
        var expiresAt: Int64
    }

    /// Stores `code`, replacing any earlier one of the user.
    static func replace(_ code: Code, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "email_codes").where("user_id", .equal, code.userId).run()
        try await sql.insert(into: "email_codes").model(code, keyEncodingStrategy: .convertToSnakeCase).run()
    }

    static func find(of userID: String, on sql: any SQLDatabase) async throws -> Code? {
        try await sql.select().columns("user_id", "email_key", "code_hash", "attempts", "created_at", "expires_at").from("email_codes")
            .where("user_id", .equal, userID).first()?.decode(model: Code.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    static func countAttempt(of userID: String, on sql: any SQLDatabase) async throws {
        try await sql.update("email_codes").set(SQLIdentifier("attempts"), to: SQLRaw("attempts + 1")).where("user_id", .equal, userID).run()
    }

    static func delete(of userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "email_codes").where("user_id", .equal, userID).run()
    }
}
