import Foundation
import ParlorAccounts
import ParlorAPI

/// What staff do from a user's page: suspend, ban, lift, and (admins) change the role or delete
/// the account. Each goes through the admin API as the signed-in staff member, so its role rules,
/// refusals and audit record are the API's own.
extension ConsoleRoutes {
    func registerUserActions() {
        action("/console/users/:id/suspend", back: UserActions.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let until = try SuspensionTerms.end(duration: request.form.text("duration"), custom: request.form.text("until"), now: request.console.now())
            let name = try await UserActions.name(of: id, request: request)
            let suspension = try await request.call { api in
                try await api.adminSuspendUser(.init(path: .init(userID: id), body: .json(.init(until: until, reason: reason)))).ok.body.json
            }
            let end = suspension.until.map(ConsoleFormat.time) ?? "further notice"
            return .redirect("/console/users/\(id)", notice: "Suspended \(name) until \(end). Their sessions have ended.")
        }
        action("/console/users/:id/ban", back: UserActions.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let name = try await UserActions.name(of: id, request: request)
            _ = try await request.call { api in
                try await api.adminSuspendUser(.init(path: .init(userID: id), body: .json(.init(ban: true, reason: reason)))).ok.body.json
            }
            return .redirect("/console/users/\(id)", notice: "Banned \(name). Their sessions have ended.")
        }
        action("/console/users/:id/lift", back: UserActions.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let name = try await UserActions.name(of: id, request: request)
            _ = try await request.call { api in
                try await api.adminUnsuspendUser(.init(path: .init(userID: id), body: .json(.init(reason: reason)))).noContent
            }
            return .redirect("/console/users/\(id)", notice: "Lifted: \(name) may sign in again.")
        }
        action("/console/users/:id/role", role: .admin, back: UserActions.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            guard let role = request.form.text("role").flatMap(Components.Schemas.AdminRoleInput.RolePayload.init(rawValue:)) else {
                throw ConsoleProblem("Choose a role: player, moderator or admin.")
            }
            let user = try await request.call { api in
                try await api.adminSetUserRole(.init(path: .init(userID: id), body: .json(.init(role: role, reason: reason)))).ok.body.json
            }
            let now = user.roles.first.map { "a\($0 == .admin ? "n" : "") \($0.rawValue)" } ?? "a player"
            return .redirect("/console/users/\(id)", notice: "\(user.displayName) is now \(now).")
        }
        action("/console/users/:id/delete", role: .admin, back: UserActions.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let name = try await UserActions.name(of: id, request: request)
            _ = try await request.call { api in
                try await api.adminDeleteUser(.init(path: .init(userID: id), body: .json(.init(reason: reason)))).noContent
            }
            return .redirect("/console/users", notice: "Deleted \(name)'s account.")
        }
    }
}

enum UserActions {
    /// A refused action goes back to the user's page.
    @Sendable static func back(_ request: ConsoleRequest) -> String {
        "/console/users/\((try? request.parameter("id")) ?? "")"
    }

    /// The user's display name for the notice; 404 (the not-found page) for an unknown id.
    static func name(of id: String, request: ConsoleRequest) async throws -> String {
        try await request.call { api in try await api.adminGetUser(.init(path: .init(userID: id))).ok.body.json }.user.displayName
    }
}
