import SQLKit

/// What other capabilities may read of users, inside their own transactions: the names they show
/// and which users ids and usernames name. The `users` table itself stays Accounts' own.
package enum UserDirectory {
    /// The name a player is shown under; "player" for an unknown id.
    package static func displayName(of user: String, on sql: any SQLDatabase) async throws -> String {
        try await UserStore.displayName(of: user, on: sql) ?? "player"
    }

    /// The user id each of `names` (an id or a username, ignoring case) names, for live users;
    /// names that match nobody are left out.
    package static func ids(named names: [String], on sql: any SQLDatabase) async throws -> [String: String] {
        try await UserStore.ids(named: names, on: sql)
    }
}
