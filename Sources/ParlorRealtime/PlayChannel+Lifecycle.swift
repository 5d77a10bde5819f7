import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// `leave_game` and `request_rematch`, doing what their REST routes do, and the `state` a player
/// or invitee of a cancelled or expired game receives.
extension PlayChannel {
    package func leaveGame(user: AuthenticatedUser, game id: UUID, moveId: String) async -> [OutgoingFrame] {
        do {
            // Seed 000's `leave_game`: leaving a game that is being played (or was) is resigning
            // it, with the resignation's idempotency by `move_id`; a waiting one is left.
            let status = try await play.games.live(id).row.status
            guard status == .waiting || status == .abandoned else { return await resign(user: user, game: id, moveId: moveId) }
            try await play.games.leave(id, user: user.userID)
            return [.encoding(RealtimePresence(type: .playerLeft, game: id, user: user.userID, seat: nil))]
        } catch {
            return [Self.apiError(error).frame(game: id, moveID: moveId)]
        }
    }

    package func requestRematch(user: AuthenticatedUser, game id: UUID) async -> [OutgoingFrame] {
        do {
            let rematch = try await play.invitations.rematch(of: id, user: user.userID)
            return [try stateFrame(of: rematch, for: user.userID, missed: [])]
        } catch {
            return [Self.apiError(error).frame(game: id)]
        }
    }

    /// The cancelled or expired game as `user` now sees it: a `state` with status `abandoned`.
    func abandonedState(of id: UUID, for user: String) async throws -> OutgoingFrame {
        var game = try await play.games.live(id)
        // A copy loaded before the cancel committed still says waiting.
        if game.row.status != .abandoned { game = try await play.games.reload(id) }
        return try stateFrame(of: game, for: user, missed: [])
    }
}

extension RealtimePlay {
    /// A channel that does not implement it refuses the message.
    package func leaveGame(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame] {
        [APIError(.badRequest, code: "unsupported", message: "leave_game is not served here").frame(game: game, moveID: moveId)]
    }

    package func requestRematch(user: AuthenticatedUser, game: UUID) async -> [OutgoingFrame] {
        [APIError(.badRequest, code: "unsupported", message: "request_rematch is not served here").frame(game: game)]
    }
}
