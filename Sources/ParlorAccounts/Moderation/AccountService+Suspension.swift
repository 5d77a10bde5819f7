import Foundation
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Staff suspending and lifting suspensions. A suspension ends every session of the user (every
/// node closes their sockets, as signing out everywhere does), takes them out of what others wait
/// on (``AccountSuspensionHook``) and refuses their sign-ins and refreshes until it ends or is
/// lifted; its end needs nothing to run, as sign-in compares it with the clock.
extension AccountService {
    /// The live user `id` names, read inside the caller's transaction; 404 when there is none.
    func targetUser(_ id: String, on sql: any SQLDatabase) async throws -> UserRecord {
        guard id.count <= 64, let user = try await UserStore.find(id: id, on: sql), !user.isDeleted else { throw APIError.userNotFound(id) }
        return user
    }

    /// A moderator acts on players only; an admin on anyone but themselves.
    static func ensureMayModerate(_ target: UserRecord, by staff: AuthenticatedUser) throws {
        guard target.id != staff.userID else { throw APIError.cannotSuspendSelf }
        guard staff.role == .admin || target.staffRole == nil else { throw APIError.forbidden("a moderator may not suspend staff") }
    }

    /// `staff` suspends user `id` until `until` (milliseconds; nil bans them) for `reason`.
    package func suspend(
        _ id: String, until: Int64?, reason: String, by staff: AuthenticatedUser, hooks: [any AccountSuspensionHook]
    ) async throws -> Suspension {
        let current = now().millis
        let (suspension, followUps) = try await announcing { sql, announcements in
            let target = try await targetUser(id, on: sql)
            try Self.ensureMayModerate(target, by: staff)
            let suspension = Suspension(userID: target.id, until: until, reason: reason, actor: staff.userID, createdAt: current)
            try await SuspensionStore.put(suspension, on: sql)
            try await SessionStore.revokeAll(of: target.id, reason: "suspended", now: current, on: sql)
            // Every node closes the user's sockets once this commits.
            announcements.announce(AccountNotice.signedOutEverywhere(user: target.id, keeping: nil))
            var followUps: [ErasureFollowUp] = []
            for hook in hooks { followUps.append(try await hook.suspend(user: target.id, at: current, on: sql, announcements)) }
            try await AdminAudit.record(
                AuditEntry(
                    actor: staff.userID, action: "user.suspend", targetKind: "user", targetID: target.id, reason: reason,
                    details: until.map { ["until": Date(millis: $0).formatted(.iso8601)] } ?? ["ban": "true"]),
                at: current, on: sql)
            return (suspension, followUps)
        }
        for followUp in followUps { await followUp.run() }
        return suspension
    }

    /// `staff` lifts the suspension of user `id`; 409 `not_suspended` when none holds.
    package func unsuspend(_ id: String, reason: String, by staff: AuthenticatedUser) async throws {
        let current = now().millis
        try await transaction { sql in
            let target = try await targetUser(id, on: sql)
            try Self.ensureMayModerate(target, by: staff)
            guard try await SuspensionStore.lift(target.id, at: current, on: sql) else { throw APIError.notSuspended }
            try await AdminAudit.record(
                AuditEntry(actor: staff.userID, action: "user.unsuspend", targetKind: "user", targetID: target.id, reason: reason),
                at: current, on: sql)
        }
    }

    /// The suspension of user `id` that holds now, if any.
    package func suspension(of id: String) async throws -> Suspension? {
        let current = now().millis
        return try await database.withConnection { sql in try await SuspensionStore.active(of: id, at: current, on: sql) }
    }
}
