import Foundation
import ParlorAPI

/// Users: the search, a user's page with its longer lists, and the moderation actions.
extension ConsoleRoutes {
    func registerUsers() {
        page("/console/users") { request in .page(try await UserListPage.load(request)) }
        page("/console/users/:id") { request in .page(try await UserPage.load(request)) }
        registerUserLists()
        registerUserActions()
    }
}

/// A user as a list and a page name them: with their staff role and any suspension in force.
struct UserRow: Sendable {
    var id: String
    var href: String
    var displayName: String
    var username: String
    var email: String?
    var role: String?
    var suspension: UserSuspensionView?
    var createdAt: String
    var lastActiveAt: String

    init(_ user: Components.Schemas.AdminUserSummary) {
        id = user.id
        href = "/console/users/\(user.id)"
        displayName = user.displayName
        username = user.username
        email = user.email
        role = user.roles.first?.rawValue
        suspension = user.suspension.map(UserSuspensionView.init)
        createdAt = ConsoleFormat.time(user.createdAt)
        lastActiveAt = ConsoleFormat.time(user.lastActiveAt)
    }
}

/// A suspension in force: a ban, or one ending at a time.
struct UserSuspensionView: Sendable {
    var isBan: Bool
    var until: String?
    var reason: String
    var by: String
    var byHref: String
    /// The staff member's username when known (a user's page looks it up), else their id.
    var byName: String
    var since: String
    /// `banned` or `suspended until …`, for a tag.
    var label: String

    init(_ suspension: Components.Schemas.Suspension) {
        isBan = suspension.ban
        until = suspension.until.map(ConsoleFormat.time)
        reason = suspension.reason
        by = suspension.by
        byHref = "/console/users/\(suspension.by)"
        byName = suspension.by
        since = ConsoleFormat.time(suspension.since)
        label = until.map { "suspended until \($0)" } ?? "banned"
    }
}

/// The search: users by name, username, email or id, newest first, paged.
struct UserListPage: Sendable {
    var query: String
    var users: [UserRow]
    var pager: ConsolePager

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let text = request.query["q"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // The API takes at most 100 characters; a longer paste is cut rather than refused.
        let query = text.isEmpty ? nil : String(text.prefix(100))
        let limit = ListPageSize.pageSize(request.query["limit"])
        let page = try await request.call { api in
            try await api.adminSearchUsers(.init(query: .init(query: query, cursor: request.query["cursor"], limit: limit))).ok.body.json
        }
        let model = UserListPage(
            query: query ?? "", users: page.users.map(UserRow.init), pager: ConsolePager(path: request.path, query: request.query, nextCursor: page.next))
        return ConsolePage(title: "Users", template: "users", model: model, section: .users)
    }
}
