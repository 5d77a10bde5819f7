import Foundation
import ParlorAPI

/// The reports queue: open reports first (the default filter), each resolved from its row.
extension ConsoleRoutes {
    func registerReports() {
        page("/console/reports") { request in .page(try await ReportsPage.load(request)) }
        action("/console/reports/:id/resolve", back: { ReportsPage.back($0) }) { request in
            let id = try request.parameter("id")
            guard let outcome = request.form.text("outcome").flatMap(Components.Schemas.ReportResolution.ResolutionPayload.init(rawValue:)) else {
                throw ConsoleProblem("Choose an outcome: actioned or dismissed.")
            }
            let note = try request.form.required("note", label: "A note on the outcome")
            _ = try await request.call { api in
                try await api.adminResolveReport(.init(path: .init(reportID: id), body: .json(.init(resolution: outcome, reason: note)))).ok.body.json
            }
            return .redirect(ReportsPage.back(request), notice: "Report \(outcome == .actioned ? "actioned" : "dismissed"): “\(note)”.")
        }
    }
}

/// What the queue shows: one page of reports with the chosen status.
struct ReportsPage: Sendable {
    struct Filter: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    var filters: [Filter]
    var status: String
    var reports: [ReportRow]
    var pager: ConsolePager

    static let statuses = [("open", "Open"), ("actioned", "Actioned"), ("dismissed", "Dismissed"), ("all", "Every status")]

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let chosen = request.query["status"] ?? "open"
        guard statuses.contains(where: { $0.0 == chosen }) else {
            throw ConsoleProblem("“\(chosen.prefix(40))” is not a report status the console knows: open, actioned, dismissed or all.")
        }
        let status = Components.Schemas.ReportStatus(rawValue: chosen)
        let limit = ListPageSize.pageSize(request.query["limit"])
        let page = try await request.call { api in
            try await api.adminListReports(.init(query: .init(status: status, cursor: request.query["cursor"], limit: limit))).ok.body.json
        }
        let chat = try await ReportRow.chatLines(for: page.reports, request: request)
        let back = "/console/reports?status=\(chosen)"
        var query = request.query
        query["status"] = chosen
        let model = ReportsPage(
            filters: statuses.map { Filter(value: $0.0, label: $0.1, selected: $0.0 == chosen) }, status: chosen,
            reports: page.reports.map { ReportRow($0, chat: chat, back: back) },
            pager: ConsolePager(path: request.path, query: query, nextCursor: page.next))
        return ConsolePage(title: "Reports", template: "reports", model: model, section: .reports)
    }

    /// The page a resolve form came from (the queue with its filter, or a user's page); never
    /// anywhere outside those.
    static func back(_ request: ConsoleRequest) -> String {
        guard let back = request.form.text("back"), back.hasPrefix("/console/reports") || back.hasPrefix("/console/users/") else {
            return "/console/reports"
        }
        return back
    }
}
