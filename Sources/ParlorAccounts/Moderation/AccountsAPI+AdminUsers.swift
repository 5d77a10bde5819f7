import Foundation
import ParlorAPI
import ParlorHTTP

/// The admin users routes: search, a user's page, suspensions, deletion and roles.
extension AccountsAPI {
    package func adminSearchUsers(_ input: Operations.AdminSearchUsers.Input) async throws -> Operations.AdminSearchUsers.Output {
        _ = try await accounts.requireStaff()
        let page = try await accounts.searchUsers(input.query.query, cursor: input.query.cursor, limit: input.query.limit)
        let users = page.users.map { user in
            var summary = Components.Schemas.AdminUserSummary(user)
            summary.suspension = page.suspensions[user.id].map(Components.Schemas.Suspension.init)
            return summary
        }
        return .ok(.init(body: .json(.init(users: users, next: page.next))))
    }

    package func adminGetUser(_ input: Operations.AdminGetUser.Input) async throws -> Operations.AdminGetUser.Output {
        _ = try await accounts.requireStaff()
        let page = try await accounts.adminUserPage(input.path.userID)
        return .ok(.init(body: .json(.init(
            user: .init(page.user, identities: page.identities), sessions: page.sessions.map(Components.Schemas.AdminSession.init),
            suspension: page.suspension.map(Components.Schemas.Suspension.init)))))
    }

    package func adminDeleteUser(_ input: Operations.AdminDeleteUser.Input) async throws -> Operations.AdminDeleteUser.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let admin = try await accounts.requireAdmin()
        try await accounts.adminDelete(input.path.userID, reason: try Self.auditReason(body.reason), by: admin, erasers: erasers)
        return .noContent(.init())
    }

    package func adminSetUserRole(_ input: Operations.AdminSetUserRole.Input) async throws -> Operations.AdminSetUserRole.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let admin = try await accounts.requireAdmin()
        let role = StaffRole(rawValue: body.role.rawValue)
        let user = try await accounts.setRole(role, of: input.path.userID, reason: try Self.auditReason(body.reason), by: admin)
        return .ok(.init(body: .json(.init(user))))
    }

    package func adminSuspendUser(_ input: Operations.AdminSuspendUser.Input) async throws -> Operations.AdminSuspendUser.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let staff = try await accounts.requireStaff()
        let reason = try Self.auditReason(body.reason)
        var validator = FieldValidator()
        let ban = body.ban ?? false
        switch (body.until, ban) {
        case (nil, false): validator.fail("until", "give the time the suspension ends, or ban: true")
        case (.some, true): validator.fail("ban", "a ban has no end; give until or ban, not both")
        case (let until?, false): validator.check(until > accounts.now(), "until", "must be in the future")
        case (nil, true): break
        }
        try validator.validate()
        let suspension = try await accounts.suspend(
            input.path.userID, until: ban ? nil : body.until?.millis, reason: reason, by: staff, hooks: suspensionHooks)
        return .ok(.init(body: .json(.init(suspension))))
    }

    package func adminUnsuspendUser(_ input: Operations.AdminUnsuspendUser.Input) async throws -> Operations.AdminUnsuspendUser.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let staff = try await accounts.requireStaff()
        try await accounts.unsuspend(input.path.userID, reason: try Self.auditReason(body.reason), by: staff)
        return .noContent(.init())
    }
}

extension Components.Schemas.AdminUserSummary {
    init(_ user: UserRecord) {
        self.init(
            id: user.id, username: user.username, displayName: user.displayName, email: user.email,
            roles: user.staffRole.map { [.init(rawValue: $0.rawValue)].compactMap { $0 } } ?? [],
            createdAt: Date(millis: user.createdAt), lastActiveAt: Date(millis: user.lastActiveAt))
    }
}

extension Components.Schemas.AdminSession {
    init(_ session: LiveSession) {
        self.init(
            id: session.id, createdAt: Date(millis: session.createdAt), lastUsedAt: Date(millis: session.lastUsedAt),
            expiresAt: Date(millis: session.expiresAt), clientAddress: session.clientAddress, userAgent: session.userAgent)
    }
}

extension Components.Schemas.Suspension {
    init(_ suspension: ParlorAccounts.Suspension) {
        self.init(
            userId: suspension.userID, until: suspension.until.map(Date.init(millis:)), ban: suspension.until == nil, reason: suspension.reason,
            by: suspension.actor, since: Date(millis: suspension.createdAt))
    }
}
