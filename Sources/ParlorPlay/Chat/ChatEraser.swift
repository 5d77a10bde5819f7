import ParlorAccounts
import SQLKit

/// Chat's part of deleting an account: every line the user wrote goes, in every game. A seat
/// stays under the deleted account's anonymous name so the others' results add up; a line is
/// only the user's words, which nobody else's history needs.
package struct ChatEraser: AccountErasureHook {
    package init() {}

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await ChatStore.forget(user, on: sql)
        // Copies of the lines live in no node's memory: replays read the table.
        return .none
    }
}
