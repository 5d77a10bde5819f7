import Foundation
import Logging
import ParlorDatabase
import SQLKit

/// Nobody is matched with an absent player: a quick-match entry goes when its player's last
/// real-time connection closes (on every node), and an entry that has waited longer than
/// ``QuickMatchPairing/longestWait`` goes instead of being paired. The player then finds no entry
/// (`GET /matchmaking/quick` answers 404) and enters again when they are back.
extension PresenceService {
    /// `users` have no connection left on this node: the entries of those who have none on any
    /// live node either go. An entry already matched stays: its game exists.
    func dropQuickMatchEntries(ofOffline users: [String]) async {
        guard !users.isEmpty else { return }
        do {
            let dropped = try await database.withConnection { sql in try await QuickMatchStore.removeOffline(users, on: sql) }
            if !dropped.isEmpty { logger.debug("quick-match entries of offline players dropped", metadata: ["users": "\(dropped)"]) }
        } catch {
            logger.warning("quick-match entries of offline players not dropped", metadata: ["error": "\(error)"])
        }
    }
}

extension QuickMatchStore {
    /// Removes the unmatched entries of `users` who have no socket on a live node; answers whose it removed.
    /// One statement: a socket opened meanwhile on any node keeps its player's entry.
    static func removeOffline(_ users: [String], on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("""
            DELETE FROM quick_match_queue WHERE user_id IN (\(binds: users)) AND matched_game IS NULL
            AND NOT EXISTS (
                SELECT 1 FROM user_sockets s JOIN parlor_nodes n ON n.id = s.node
                WHERE s.user_id = quick_match_queue.user_id AND s.sockets > 0)
            RETURNING user_id
            """).all().map { try $0.decode(column: "user_id", as: String.self) }
    }

    /// Removes the unmatched entries made before `cutoff`: they wait no longer.
    static func removeStale(before cutoff: Int64, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "quick_match_queue").where("matched_game", .is, SQLLiteral.null).where("enqueued_at", .lessThan, cutoff).run()
    }
}
