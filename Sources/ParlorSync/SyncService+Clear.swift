import ParlorEvents
import ParlorHTTP
import SQLKit

/// Clearing a user's synced data (seed 001 §4.3), and keeping it cleared.
extension SyncService {
    struct Cleared: Sendable {
        var events: Int
        var token: SyncChangeToken
    }

    /// Forgets the user's events, leaving a tombstone: the clear takes a change number of its
    /// own, so every token from before it is told apart (410), and each device's forgotten `seq`s
    /// are refused if uploaded again. The user's connections hear of it.
    func clear(for user: String) async throws -> Cleared {
        let time = now().millis
        return try await bus.transaction(on: database) { sql, announcements -> Cleared in
            let change = try await SyncStore.lockHead(of: user, on: sql) + 1
            let forgotten = try await SyncStore.clear(of: user, change: change, at: time, on: sql)
            announcements.announce(SyncNotice.changed(user: user, change: change, cleared: true))
            return Cleared(events: forgotten, token: SyncChangeToken(change: change))
        }
    }

    /// Of `events` (with their positions in the request), those whose device's `seq` a clear
    /// forgot: refused (409 `sync_cleared`) unless `restore`, since a device that syncs after the
    /// clear must not bring them back. Answers the restored ones' ids, which were scored before
    /// the clear and are not scored again.
    static func clearedEvents(
        _ events: [(row: SyncEventRow, position: Int)], restore: Bool, of user: String, on sql: any SQLDatabase
    ) async throws -> Set<String> {
        guard !events.isEmpty else { return [] }
        let through = try await SyncStore.clearedThrough(Array(Set(events.map(\.row.device))), of: user, on: sql)
        guard !through.isEmpty else { return [] }
        let cleared = events.filter { event in through[event.row.device].map { event.row.seq <= $0 } ?? false }
        guard restore || cleared.isEmpty else {
            throw APIError.syncCleared(
                cleared.map { event in
                    FieldError(
                        field: "events[\(event.position)].seq",
                        message: "\(event.row.eventID) was recorded before this account's synced data was cleared "
                            + "(device \(event.row.device) seq ≤ \(through[event.row.device] ?? 0))")
                })
        }
        return Set(cleared.map(\.row.eventID))
    }
}
