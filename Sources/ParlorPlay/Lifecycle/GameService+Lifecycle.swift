import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Waiting games that end without being played. A player who is not the creator may give up
/// their place (the others see `player_left`); the creator may cancel the game; and a game still
/// waiting after `waiting_game_expiry` expires (``WaitingGameExpiry``). A cancelled or expired game
/// is `abandoned`: its pending invitations are answered `expired`, and each of its players and
/// pending invitees is told (an `abandoned` notice, rendered as the game's `state`).
///
/// Only private games (an invite code, or a rematch offer) can be left or cancelled: a game quick
/// match made has no code to fill a freed place with, so it waits for its players' sockets (or
/// expires) instead.
extension GameService {
    /// `user` gives up their place in the waiting game `id`.
    package func leave(_ id: UUID, user: String) async throws {
        let now = millis
        try await bus.transaction(on: database) { sql, announcements in
            // Locked as a start locks it: a leave and a start of the same game take turns.
            guard let row = try await PlayStore.game(id, locked: true, on: sql) else { throw APIError.gameNotFound(id) }
            let seats = try await PlayStore.seats(of: id, on: sql)
            guard seats.contains(where: { $0.user == user }) else { throw APIError.notAPlayer() }
            try Self.ensureWaitingPrivate(row)
            guard row.createdBy != user else { throw APIError.creatorCannotLeave() }
            guard try await PlayStore.removeSeat(of: user, from: id, on: sql) else { throw APIError.notAPlayer() }
            // Every node's copy loses the seat; followers see the player go.
            announcements.announce(GameNotice.seatsChanged(game: id))
            announcements.announce(GameNotice.left(game: id, user: user, seat: nil, at: now))
        } committed: { [cache] _ in
            cache.remove(id)
        }
    }

    /// The creator cancels the waiting game `id`; answers it, abandoned.
    package func cancel(_ id: UUID, by user: String) async throws -> LiveGame {
        let now = millis
        try await bus.transaction(on: database) { sql, announcements in
            guard let row = try await PlayStore.game(id, locked: true, on: sql) else { throw APIError.gameNotFound(id) }
            guard try await PlayStore.seats(of: id, on: sql).contains(where: { $0.user == user }) else { throw APIError.notAPlayer() }
            guard row.createdBy == user else { throw APIError.notTheCreator() }
            try Self.ensureWaitingPrivate(row)
            guard try await self.abandon(row.id, at: now, on: sql, announcements) else { throw APIError.notWaiting(.abandoned) }
        } committed: { [cache] _ in
            cache.remove(id)
        }
        return try await live(id)
    }

    /// Inside the caller's transaction, ends the waiting game as `abandoned`, answers its pending
    /// invitations `expired`, and announces it to every player and to each invitee who was told
    /// of their invitation. False, doing nothing, when the game no longer waits.
    func abandon(_ id: UUID, at now: Int64, on sql: any SQLDatabase, _ announcements: Announcements) async throws -> Bool {
        guard try await PlayStore.abandon(id, at: now, on: sql) else { return false }
        let players = try await PlayStore.seats(of: id, on: sql).map(\.user)
        var told = Set(players)
        for invitation in try await InvitationStore.expire(game: PlayStore.key(id), on: sql) where invitation.expiresAt > now {
            // An invitee who blocks the inviter never heard of the invitation, so hears nothing of its end.
            let silenced = try await hooks.blocks?.blockers(of: invitation.from, among: [invitation.to], on: sql) ?? []
            if silenced.isEmpty { told.insert(invitation.to) }
        }
        for user in told.sorted() { announcements.announce(GameNotice.abandoned(game: id, user: user)) }
        return true
    }

    /// Leaving and cancelling are for private games nobody has played yet.
    private static func ensureWaitingPrivate(_ row: GameRow) throws {
        guard row.status == .waiting else { throw APIError.notWaiting(row.status) }
        guard row.inviteCode != nil || row.rematchOf != nil else { throw APIError.notPrivate() }
    }
}
