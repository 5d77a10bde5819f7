import Foundation
import GameCore
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Invitations to waiting games: a seated player invites up to five users, each invitation lasts
/// 24 hours, and the invitee accepts (takes a place) or declines.
package struct InvitationService: WorksOnGames {
    package let games: GameService

    package init(games: GameService) { self.games = games }
}

extension InvitationService {
    static let invitationLifetime: Int64 = 24 * 3600 * 1000

    /// Invites `users` (ids or usernames) to the waiting game `id`, in which `user` sits; answers
    /// their invitations.
    func invite(_ users: [String], to id: UUID, by user: String) async throws -> [InvitationRow] {
        guard (1...5).contains(users.count) else {
            throw APIError.invalidFields([FieldError(field: "users", message: "invite 1–5 users")])
        }
        let game = try await live(id)
        guard game.seatRow(of: user) != nil else { throw APIError.notAPlayer() }
        guard game.row.status == .waiting else { throw game.row.status == .abandoned ? APIError.notWaiting(.abandoned) : APIError.gameFull() }
        let now = millis
        let key = PlayStore.key(id)
        return try await bus.transaction(on: database) { sql, announcements in
            let resolved = try await UserDirectory.ids(named: users, on: sql)
            var invitees: [String] = []
            for name in users {
                guard let invitee = resolved[name] else { throw APIError.notFound("there is no user \(name)") }
                if game.seatRow(of: invitee) != nil {
                    throw APIError.invalidFields([FieldError(field: "users", message: "\(name) already has a place in this game")])
                }
                if !invitees.contains(invitee) { invitees.append(invitee) }
            }
            for invitee in invitees {
                try await InvitationStore.upsert(
                    game: key, from: user, to: invitee, now: now, expires: now + Self.invitationLifetime, on: sql)
            }
            let silenced = try await games.hooks.blocks?.blockers(of: user, among: invitees, on: sql) ?? []
            let invitations = try await InvitationStore.invitations(to: invitees, in: key, on: sql)
            if let notifier = games.hooks.notifier {
                let from = game.seatRow(of: user)?.name ?? "A player"
                for row in invitations where !silenced.contains(row.to) {
                    try await notifier.invited(
                        InvitationSent(
                            game: id, gameType: game.row.gameType, gameName: game.engine.catalogEntry.displayName, invitation: row.id, to: row.to, fromName: from,
                            expiresAt: row.expiresAt), on: sql)
                }
            }
            // Invitees online hear of it at once, on every node; one who blocks the inviter never
            // does (the invitation is kept, so the inviter cannot tell, and hidden from the invitee).
            for row in invitations where !silenced.contains(row.to) {
                announcements.announce(GameNotice.invited(game: id, user: row.to, invitation: row.id, from: row.from, expiresAt: row.expiresAt))
            }
            return invitations
        }
    }

    /// The user's pending, unexpired invitations to games still waiting, newest first.
    func invitations(of user: String) async throws -> [(InvitationRow, LiveGame)] {
        let now = millis
        let blocks = games.hooks.blocks
        let rows = try await database.withConnection { sql in
            let rows = try await InvitationStore.pending(to: user, now: now, on: sql)
            let blocked = try await blocks?.blocked(by: user, among: rows.map(\.from), on: sql) ?? []
            return rows.filter { !blocked.contains($0.from) }
        }
        var answer: [(InvitationRow, LiveGame)] = []
        for row in rows {
            guard let id = UUID(parsing: row.game), let game = try? await live(id), game.row.status == .waiting else { continue }
            answer.append((row, game))
        }
        return answer
    }

    /// Takes the place the invitation offers. The invitation is marked accepted in the same
    /// transaction that takes the place, so a decline racing it either wins (no place is taken) or
    /// finds it accepted.
    func accept(invitation id: String, user: String) async throws -> LiveGame {
        let row = try await invitation(id, for: user)
        switch row.status {
        case .declined: throw APIError.conflict("the invitation was declined", code: "invitation_declined")
        case .expired: throw APIError.conflict("the game was cancelled or expired", code: "invitation_expired")
        case .accepted, .pending: break
        }
        if row.status == .pending, row.expiresAt <= millis {
            throw APIError.conflict("the invitation has expired", code: "invitation_expired")
        }
        guard let game = UUID(parsing: row.game) else { throw APIError.notFound("there is no invitation \(id)") }
        return try await games.join(game, user: user) { sql in
            guard try await InvitationStore.change(id, to: .accepted, from: [.pending, .accepted], on: sql) else {
                // Declined, or its game cancelled or expired, since it was read.
                if try await InvitationStore.invitation(id, on: sql)?.status == .expired {
                    throw APIError.conflict("the game was cancelled or expired", code: "invitation_expired")
                }
                throw APIError.conflict("the invitation was declined", code: "invitation_declined")
            }
        }
    }

    /// Declines the invitation; declining twice is fine.
    func decline(invitation id: String, user: String) async throws {
        let row = try await invitation(id, for: user)
        switch row.status {
        case .declined, .expired: return
        case .accepted: throw APIError.conflict("the invitation was already accepted", code: "invitation_accepted")
        case .pending:
            let declined = try await database.withConnection { sql in
                try await InvitationStore.change(id, to: .declined, from: [.pending, .declined], on: sql)
            }
            // Accepted in the meantime: the place is taken, and stays taken.
            if !declined { throw APIError.conflict("the invitation was already accepted", code: "invitation_accepted") }
        }
    }

    /// The invitation, when it is addressed to `user`; 404 otherwise.
    private func invitation(_ id: String, for user: String) async throws -> InvitationRow {
        guard let row = try await database.withConnection({ sql in try await InvitationStore.invitation(id, on: sql) }), row.to == user
        else { throw APIError.notFound("there is no invitation \(id)") }
        return row
    }
}
