import ParlorAccounts
import SQLKit

/// Forgets a deleted staff member's console sessions (addresses, browsers) and TOTP key.
package struct ConsoleEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await sql.delete(from: "console_sessions").where("user_id", .equal, user).run()
        try await StaffTOTPStore.remove(user, on: sql)
        return .none
    }
}
