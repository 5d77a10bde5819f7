import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Staff looking after users: finding them, reading one's page, deleting them and giving roles.
extension AccountService {
    /// What staff see of one user.
    package struct AdminUserPage: Sendable {
        var user: UserRecord
        var identities: [IdentityRecord]
        var sessions: [LiveSession]
        var suspension: Suspension?
    }

    /// Live users matching `query` (username, display name, email or id), one page with the
    /// suspensions in force among them, and the next cursor.
    func searchUsers(_ query: String?, cursor: String?, limit: Int?) async throws -> (
        users: [UserRecord], suspensions: [String: Suspension], next: String?
    ) {
        let limit = try PageCursor.limit(limit)
        let cursor = try cursor.map(PageCursor.parse)
        let text = query?.trimmingCharacters(in: .whitespacesAndNewlines)
        let current = now().millis
        let (rows, suspensions) = try await database.withConnection { sql in
            let rows = try await AdminUserStore.search(text, after: cursor, limit: limit + 1, on: sql)
            return (rows, try await SuspensionStore.active(of: rows.prefix(limit).map(\.id), at: current, on: sql))
        }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(time: $0.createdAt, id: $0.id).token } : nil
        return (page, suspensions, next)
    }

    /// User `id`'s page: account, ways to sign in, live sessions, suspension; 404 for none.
    func adminUserPage(_ id: String) async throws -> AdminUserPage {
        let current = now().millis
        return try await database.withConnection { sql in
            let user = try await targetUser(id, on: sql)
            return AdminUserPage(
                user: user, identities: try await UserStore.identities(of: user.id, on: sql),
                sessions: try await AdminUserStore.liveSessions(of: user.id, at: current, on: sql),
                suspension: try await SuspensionStore.active(of: user.id, at: current, on: sql))
        }
    }

    /// An admin deletes user `id` for `reason`: the erasure of `DELETE /users/me`, with a
    /// `user.delete` audit record in its transaction. The last admin cannot be deleted.
    func adminDelete(_ id: String, reason: String, by admin: AuthenticatedUser, erasers: [any AccountErasureHook]) async throws {
        let current = now().millis
        try await eraseAccount(of: id, erasers: erasers) { user, sql in
            if user.staffRole == .admin, try await AdminUserStore.admins(on: sql) == [user.id] { throw APIError.lastAdmin }
            try await AdminAudit.record(
                AuditEntry(
                    actor: admin.userID, action: "user.delete", targetKind: "user", targetID: user.id, reason: reason,
                    details: ["username": user.username]),
                at: current, on: sql)
        }
    }

    /// An admin gives user `id` the role `role` (nil: a player) for `reason`, with a `user.role`
    /// audit record; 409 `last_admin` when that would leave no admin. Giving the role they hold
    /// changes nothing and records nothing.
    func setRole(_ role: StaffRole?, of id: String, reason: String, by admin: AuthenticatedUser) async throws -> UserRecord {
        let current = now().millis
        return try await transaction { sql in
            var user = try await targetUser(id, on: sql)
            guard user.staffRole != role else { return user }
            if user.staffRole == .admin, try await AdminUserStore.admins(on: sql) == [user.id] { throw APIError.lastAdmin }
            let before = user.role ?? "player"
            user.role = role?.rawValue
            try await UserStore.update(user, on: sql)
            try await AdminAudit.record(
                AuditEntry(
                    actor: admin.userID, action: "user.role", targetKind: "user", targetID: user.id, reason: reason,
                    details: ["from": before, "to": role?.rawValue ?? "player"]),
                at: current, on: sql)
            return user
        }
    }
}
