import SQLKit

/// What other capabilities may read of users, inside their own transactions: the names they show
/// and whether ids exist. The `users` table itself stays Accounts' own.
package enum UserDirectory {
    /// The name a player is shown under; "player" for an unknown id.
    package static func displayName(of user: String, on sql: any SQLDatabase) async throws -> String {
        try await UserStore.displayName(of: user, on: sql) ?? "player"
    }

    /// Which of `ids` name users.
    package static func existing(_ ids: [String], on sql: any SQLDatabase) async throws -> Set<String> {
        try await UserStore.existing(ids, on: sql)
    }
}
