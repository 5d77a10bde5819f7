import SQLKit

/// A staff member's TOTP key as stored: sealed, enabled once confirmed, with the last step used.
package struct StaffTOTP: Codable, Sendable, Equatable {
    package var userId: String
    package var secret: String
    package var enabledAt: Int64?
    package var lastStep: Int64
    package var createdAt: Int64

    package var isEnabled: Bool { enabledAt != nil }
}

/// SQL for `staff_totp`.
package enum StaffTOTPStore {
    package static func find(_ userID: String, on sql: any SQLDatabase) async throws -> StaffTOTP? {
        try await sql.select().column("*").from("staff_totp").where("user_id", .equal, userID)
            .first(decoding: StaffTOTP.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    /// Starts (or restarts) enrolment with a new sealed key, not yet enabled.
    package static func begin(_ userID: String, sealedSecret: String, at now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "staff_totp").where("user_id", .equal, userID).run()
        try await sql.insert(into: "staff_totp")
            .model(StaffTOTP(userId: userID, secret: sealedSecret, enabledAt: nil, lastStep: 0, createdAt: now), keyEncodingStrategy: .convertToSnakeCase)
            .run()
    }

    /// Records `step` as used (and enables the key); false when a code of that step or a later one
    /// was already used, which a concurrent sign-in with the same code loses.
    package static func use(_ userID: String, step: Int64, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        let row = try await sql.raw("""
            UPDATE staff_totp SET last_step = \(bind: step), enabled_at = COALESCE(enabled_at, \(bind: now))
            WHERE user_id = \(bind: userID) AND last_step < \(bind: step) RETURNING user_id
            """).first()
        return row != nil
    }

    package static func remove(_ userID: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "staff_totp").where("user_id", .equal, userID).run()
    }
}
