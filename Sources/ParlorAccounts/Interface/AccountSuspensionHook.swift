import Foundation
import ParlorEvents
import SQLKit

/// What a capability undoes when staff suspend a user: the places the user holds that others
/// wait on (waiting games, quick-match entries).
///
/// Accounts owns the suspension but not those places, so each capability that keeps some
/// registers one with the server root, as with ``AccountErasureHook``. Every hook runs inside the
/// suspension's own transaction, with its announcements, so the suspension and its effects commit
/// together; a suspension lifted later gives nothing back (the user joins again).
package protocol AccountSuspensionHook: Sendable {
    /// Takes `user` out of what they wait for, on `sql`, the suspension's transaction; what it
    /// announces is heard once that commits. Returns the work to do after the commit.
    func suspend(user: String, at time: Int64, on sql: any SQLDatabase, _ announcements: Announcements) async throws -> ErasureFollowUp
}

/// What a report may point at besides its user: a game and a line of its chat, which Accounts
/// cannot see. Filled at the root by the capability that keeps games.
package protocol ReportContextHook: Sendable {
    /// Throws 404 when `game` (or `chatLine` in it) does not exist, 422 when `target` took no
    /// part in the game or did not write the line.
    func check(game: UUID, chatLine: Int64?, target: String, on sql: any SQLDatabase) async throws
}
