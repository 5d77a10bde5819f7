import Foundation
import ParlorDatabase
import ParlorHTTP

extension PlayAPI {
    /// Refuses `user` a game they may not follow, as the socket's `subscribe` does: a game's
    /// players, whoever is invited to it, and, in a game open to spectators, anyone no player
    /// blocks may read it while it is played; a finished game's view and moves are anyone's (its
    /// record is what a replay shares). Otherwise a private game's seats, presence and moves would
    /// reach anyone who learned its id.
    func ensureMayRead(_ game: LiveGame, user: String) async throws {
        guard game.seatRow(of: user) == nil, game.row.status != .completed else { return }
        if try await play.presence.mayWatch(game, user: user) { return }
        let invited = try await play.games.database.withConnection { sql in
            try await !InvitationStore.invitations(to: [user], in: PlayStore.key(game.id), on: sql).isEmpty
        }
        guard invited else { throw APIError.notAPlayer() }
    }
}
