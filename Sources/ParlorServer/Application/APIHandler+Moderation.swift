import ParlorAccounts
import ParlorAPI

/// Reports, suspensions and the admin users routes: Accounts' moderation.
extension APIHandler {
    func createReport(_ input: Operations.CreateReport.Input) async throws -> Operations.CreateReport.Output { try await accountsAPI.createReport(input) }
    func adminListReports(_ input: Operations.AdminListReports.Input) async throws -> Operations.AdminListReports.Output {
        try await accountsAPI.adminListReports(input)
    }
    func adminResolveReport(_ input: Operations.AdminResolveReport.Input) async throws -> Operations.AdminResolveReport.Output {
        try await accountsAPI.adminResolveReport(input)
    }
    func adminSearchUsers(_ input: Operations.AdminSearchUsers.Input) async throws -> Operations.AdminSearchUsers.Output {
        try await accountsAPI.adminSearchUsers(input)
    }
    func adminGetUser(_ input: Operations.AdminGetUser.Input) async throws -> Operations.AdminGetUser.Output { try await accountsAPI.adminGetUser(input) }
    func adminDeleteUser(_ input: Operations.AdminDeleteUser.Input) async throws -> Operations.AdminDeleteUser.Output {
        try await accountsAPI.adminDeleteUser(input)
    }
    func adminSetUserRole(_ input: Operations.AdminSetUserRole.Input) async throws -> Operations.AdminSetUserRole.Output {
        try await accountsAPI.adminSetUserRole(input)
    }
    func adminSuspendUser(_ input: Operations.AdminSuspendUser.Input) async throws -> Operations.AdminSuspendUser.Output {
        try await accountsAPI.adminSuspendUser(input)
    }
    func adminUnsuspendUser(_ input: Operations.AdminUnsuspendUser.Input) async throws -> Operations.AdminUnsuspendUser.Output {
        try await accountsAPI.adminUnsuspendUser(input)
    }
}
