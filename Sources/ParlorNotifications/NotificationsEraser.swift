import ParlorAccounts
import SQLKit

/// Push's part of deleting an account: its devices, preferences and notifications go with it.
package struct NotificationsEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await DeviceStore.erase(user, on: sql)
        try await PushPreferencesStore.erase(user, on: sql)
        try await PushOutbox.erase(user, on: sql)
        return .none
    }
}
