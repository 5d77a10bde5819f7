import ParlorAccounts
import SQLKit

/// Stats sync's part of deleting an account: every stored event, the change counter and the
/// devices go. The events are the user's own play history, and nobody else's data refers to them.
package struct SyncEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        for table in ["sync_events", "sync_devices", "sync_cleared_devices", "sync_heads"] {
            try await sql.delete(from: table).where("user_id", .equal, user).run()
        }
        return .none
    }
}
