import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorHTTP

extension InvitationService {
    /// A rematch is an offer. The first player to ask gets a new waiting game with the same
    /// settings, clock and number of places, seated alone, and each other player of the finished
    /// game is invited to it; a player takes their place by accepting the invitation or by asking
    /// for the rematch too. It starts like any game, once everyone has taken their place, so no
    /// one is put in a game (nor loses rating on its clock) without agreeing to it.
    package func rematch(of id: UUID, user: String) async throws -> LiveGame {
        let game = try await live(id)
        guard game.seatRow(of: user) != nil else { throw APIError.notAPlayer() }
        guard game.row.status == .completed else { throw APIError.gameNotOver() }
        if let existing = try await database.withConnection({ sql in try await PlayStore.rematch(of: id, on: sql) }) {
            return try await takePlace(in: existing, user: user)
        }
        let request = GameService.NewGame(
            gameType: game.row.gameType, players: game.row.players, mode: game.row.mode, settings: Data(game.row.settings.utf8),
            turnSeconds: game.row.turnSeconds, graceSeconds: game.row.graceSeconds, timeoutPolicy: game.row.timeoutPolicy)
        let offered: LiveGame
        do {
            offered = try await games.create(request, by: user, rematchOf: id)
        } catch {
            // Another player asked at the same moment and won the unique link: take a place in theirs.
            guard let existing = try await database.withConnection({ sql in try await PlayStore.rematch(of: id, on: sql) }) else { throw error }
            return try await takePlace(in: existing, user: user)
        }
        for other in game.seats.map(\.user) where other != user {
            do {
                _ = try await invite([other], to: offered.id, by: user)
            } catch let error as APIError where error.status == .notFound || error.status == .badRequest {
                // A player whose account is gone, or who took a place meanwhile, needs no invitation.
                logger.debug("rematch invitation skipped", metadata: ["game": "\(offered.id)", "user": "\(other)", "error": "\(error)"])
            }
        }
        return offered
    }

    /// Takes `user`'s place in the rematch `id` (nothing to take when they sit there already).
    private func takePlace(in id: UUID, user: String) async throws -> LiveGame {
        let rematch = try await live(id)
        guard rematch.seatRow(of: user) == nil, rematch.row.status == .waiting else { return rematch }
        return try await games.join(id, user: user)
    }
}
