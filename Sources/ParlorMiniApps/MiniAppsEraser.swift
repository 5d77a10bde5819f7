import ParlorAccounts
import SQLKit

/// Mini apps' part of deleting an account: launch codes not yet exchanged are withdrawn. (Tokens
/// already exchanged die with the sessions Accounts revokes.)
package struct MiniAppsEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await sql.delete(from: "sso_codes").where("user_id", .equal, user).run()
        return .none
    }
}
