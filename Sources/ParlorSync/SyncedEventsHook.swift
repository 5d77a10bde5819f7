import ParlorEvents
import SQLKit
import StatsSync

/// What the capabilities built on stats sync (Tandem's leaderboards and achievements) are told
/// of each upload: the events it stored, with those stored before, inside the transaction that
/// stores them and under the user's lock, so two uploads of one user are seen one after the other.
package protocol SyncedEventsHook: Sendable {
    /// Records what `added` changes; answers the notices to announce with the upload.
    func record(_ added: [StatsEvent], after prior: [StatsEvent], of user: String, on sql: any SQLDatabase) async throws -> [Notice]
}
