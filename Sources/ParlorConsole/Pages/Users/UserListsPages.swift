import Foundation
import ParlorAccounts
import ParlorAPI

/// The longer lists of a user's page, each on its own paged page: games, reports about them,
/// and (admins) the TopDog ledger and every purchase.
extension ConsoleRoutes {
    func registerUserLists() {
        page("/console/users/:id/games") { request in
            let user = try await UserHeading.load(request)
            let page = try await request.call { api in
                try await api.adminListGames(
                    .init(query: .init(userId: user.id, cursor: request.query["cursor"], limit: ListPageSize.pageSize(request.query["limit"])))
                ).ok.body.json
            }
            let model = UserList(user: user, rows: page.games.map(UserGameRow.init), pager: ConsolePager(path: request.path, query: request.query, nextCursor: page.next))
            return .page(ConsolePage(title: "Games of \(user.displayName)", template: "userGames", model: model, section: .users))
        }
        page("/console/users/:id/reports") { request in
            let user = try await UserHeading.load(request)
            let page = try await request.call { api in
                try await api.adminListReports(
                    .init(query: .init(userId: user.id, cursor: request.query["cursor"], limit: ListPageSize.pageSize(request.query["limit"])))
                ).ok.body.json
            }
            let chat = try await ReportRow.chatLines(for: page.reports, request: request)
            let model = UserList(
                user: user, rows: page.reports.map { ReportRow($0, chat: chat, back: user.href) },
                pager: ConsolePager(path: request.path, query: request.query, nextCursor: page.next))
            return .page(ConsolePage(title: "Reports about \(user.displayName)", template: "userReports", model: model, section: .users))
        }
        page("/console/users/:id/ledger", role: .admin) { request in
            let user = try await UserHeading.load(request)
            let ledger = try await UserLedgerView.load(
                user.id, request: request, cursor: request.query["cursor"], limit: ListPageSize.pageSize(request.query["limit"]), moreHref: nil)
            let model = UserList(user: user, rows: [ledger], pager: nil)
            return .page(ConsolePage(title: "TopDog ledger of \(user.displayName)", template: "userLedger", model: model, section: .users))
        }
        page("/console/users/:id/purchases", role: .admin) { request in
            let user = try await UserHeading.load(request)
            let purchases = try await UserPurchasesView.load(user.id, request: request, cap: nil)
            let model = UserList(user: user, rows: [purchases], pager: nil)
            return .page(ConsolePage(title: "Purchases of \(user.displayName)", template: "userPurchases", model: model, section: .users))
        }
    }
}

/// Whose list this is, linking back to their page.
struct UserHeading: Sendable {
    var id: String
    var displayName: String
    var username: String
    var href: String

    static func load(_ request: ConsoleRequest) async throws -> UserHeading {
        let id = try request.parameter("id")
        let user = try await request.call { api in try await api.adminGetUser(.init(path: .init(userID: id))).ok.body.json }.user
        return UserHeading(id: user.id, displayName: user.displayName, username: user.username, href: "/console/users/\(user.id)")
    }
}

/// One of a user's lists: its rows and the link to the next page.
struct UserList<Row: Sendable>: Sendable {
    var user: UserHeading
    var rows: [Row]
    var pager: ConsolePager?
}
