import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Staff end a game with no result (a stuck game, an abusive table). It becomes `abandoned`, as a
/// cancelled waiting game does: nobody wins, no rating or leaderboard moves (no outcome is ever
/// recorded), and each player hears of it with an `abandoned` notice, which every node's cache
/// follows too.
extension GameService {
    /// `staff` ends the waiting or active game `id`; answers it, abandoned. 409 for a game over.
    package func end(_ id: UUID, by staff: StaffAction) async throws -> LiveGame {
        let now = millis
        try await bus.transaction(on: database) { sql, announcements in
            // Locked as a start, a join or a cancel locks it, so none of them interleaves.
            guard let row = try await PlayStore.game(id, locked: true, on: sql) else { throw APIError.gameNotFound(id) }
            let before = row.status
            switch before {
            case .completed, .abandoned:
                throw APIError.gameEndedAlready(before)
            case .waiting:
                // Exactly what a creator's cancel does, invitations and invitees included.
                guard try await self.abandon(id, at: now, on: sql, announcements) else { throw APIError.gameEndedAlready(.abandoned) }
            case .active:
                // A move committed since the lock was taken cannot exist; a timer or move that
                // completed the game first leaves the update nothing to change.
                guard try await PlayStore.endActive(id, at: now, on: sql) else { throw APIError.gameEndedAlready(.completed) }
                _ = try await InvitationStore.expire(game: PlayStore.key(id), on: sql)
                for user in try await PlayStore.seats(of: id, on: sql).map(\.user).sorted() {
                    announcements.announce(GameNotice.abandoned(game: id, user: user))
                }
            }
            try await staff.record("game.end", on: "game", id.canonicalText, details: ["status": before.rawValue], at: now, in: sql)
        } committed: { [cache] _ in
            cache.remove(id)
        }
        return try await live(id)
    }
}
