import Foundation
import ParlorAPI
import ParlorAccounts
import ParlorHTTP

/// The invitation and quick-match routes.
extension PlayAPI {
    package func inviteToGame(_ input: Operations.InviteToGame.Input) async throws -> Operations.InviteToGame.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let id = try gameKey(input.path.gameID)
        try await accounts.limit("invite:user:\(user.userID)", accounts.configuration.rateLimits.invitationsPerUser)
        let rows = try await play.invitations.invite(body.users, to: id, by: user.userID)
        let game = try await play.games.live(id)
        return .created(.init(body: .json(.init(invitations: try rows.map { try invitation($0, game: game, for: user.userID) }))))
    }

    package func listInvitations(_ input: Operations.ListInvitations.Input) async throws -> Operations.ListInvitations.Output {
        let user = try await accounts.authenticate()
        let pending = try await play.invitations.invitations(of: user.userID)
        return .ok(.init(body: .json(.init(invitations: try pending.map { try invitation($0.0, game: $0.1, for: user.userID) }))))
    }

    package func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output {
        let user = try await accounts.authenticate()
        let game = try await play.invitations.accept(invitation: input.path.invitationID, user: user.userID)
        return .ok(.init(body: .json(try game.representation(for: user.userID))))
    }

    package func declineInvitation(_ input: Operations.DeclineInvitation.Input) async throws -> Operations.DeclineInvitation.Output {
        let user = try await accounts.authenticate()
        try await play.invitations.decline(invitation: input.path.invitationID, user: user.userID)
        return .noContent(.init())
    }

    package func enterQuickMatch(_ input: Operations.EnterQuickMatch.Input) async throws -> Operations.EnterQuickMatch.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let fields = GameRequestFields(mode: body.mode)
        try fields.validate()
        let row = try await play.quickMatch.enterQuickMatch(user.userID, game: body.gameType, players: body.players, mode: fields.mode)
        return .ok(.init(body: .json(quickMatchStatus(row))))
    }

    package func getQuickMatch(_ input: Operations.GetQuickMatch.Input) async throws -> Operations.GetQuickMatch.Output {
        let user = try await accounts.authenticate()
        return .ok(.init(body: .json(quickMatchStatus(try await play.quickMatch.quickMatch(of: user.userID)))))
    }

    package func cancelQuickMatch(_ input: Operations.CancelQuickMatch.Input) async throws -> Operations.CancelQuickMatch.Output {
        let user = try await accounts.authenticate()
        try await play.quickMatch.cancelQuickMatch(user.userID)
        return .noContent(.init())
    }

    private func invitation(_ row: InvitationRow, game: LiveGame, for user: String) throws -> Components.Schemas.Invitation {
        .init(
            id: row.id, game: try game.representation(for: user), from: row.from, to: row.to, expiresAt: Date(millis: row.expiresAt))
    }

    private func quickMatchStatus(_ row: QuickMatchRow) -> Components.Schemas.QuickMatchStatus {
        let since = Date(millis: row.enqueuedAt)
        let match = row.match
        return .init(
            status: match == nil ? .waiting : .matched, gameType: row.kind.game, players: row.kind.players, waitingSince: since,
            window: match == nil ? QuickMatchWindow.standard.width(afterWaiting: play.games.now().timeIntervalSince(since)) : nil,
            match: match?.canonicalText)
    }
}
