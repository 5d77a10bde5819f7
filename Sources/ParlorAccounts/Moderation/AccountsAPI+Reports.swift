import Foundation
import ParlorAPI
import ParlorHTTP

/// `POST /reports` and staff's report routes.
extension AccountsAPI {
    package func createReport(_ input: Operations.CreateReport.Input) async throws -> Operations.CreateReport.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let caller = try await accounts.authenticate()
        guard let reason = ReportReason(rawValue: body.reason.rawValue) else { throw APIError.invalidField("reason", "is not a report reason") }
        var game: UUID?
        if let text = body.gameId {
            guard let id = UUID(uuidString: text) else { throw APIError.invalidField("game_id", "must be a game id") }
            game = id
        }
        let new = AccountService.NewReport(target: body.userId, game: game, chatLine: body.chatLineId, reason: reason, details: body.details)
        let report = try await accounts.report(new, by: caller, context: reportContext)
        return .created(.init(body: .json(.init(report))))
    }

    package func adminListReports(_ input: Operations.AdminListReports.Input) async throws -> Operations.AdminListReports.Output {
        _ = try await accounts.requireStaff()
        let status = input.query.status.flatMap { ReportStatus(rawValue: $0.rawValue) }
        let page = try await accounts.reports(status: status, about: input.query.userId, cursor: input.query.cursor, limit: input.query.limit)
        let reports = page.reports.map { listed in
            Components.Schemas.AdminReport(
                report: .init(listed.report), reporter: listed.reporter.map(Components.Schemas.UserSummary.init), user: .init(listed.target))
        }
        return .ok(.init(body: .json(.init(reports: reports, next: page.next))))
    }

    package func adminResolveReport(_ input: Operations.AdminResolveReport.Input) async throws -> Operations.AdminResolveReport.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let staff = try await accounts.requireStaff()
        guard let status = ReportStatus(rawValue: body.resolution.rawValue) else { throw APIError.invalidField("resolution", "must be dismissed or actioned") }
        let report = try await accounts.resolveReport(input.path.reportID, as: status, note: try Self.auditReason(body.reason), by: staff)
        return .ok(.init(body: .json(.init(report))))
    }

    /// An audit reason as the contract bounds it (1…500 characters, not blank).
    static func auditReason(_ text: String) throws -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= 500 else { throw APIError.invalidField("reason", "must be 1–500 characters") }
        return reason
    }
}

extension Components.Schemas.Report {
    init(_ report: UserReport) {
        self.init(
            id: report.id, userId: report.target, gameId: report.game?.uuidString.lowercased(), chatLineId: report.chatLine,
            reason: Components.Schemas.ReportReason(rawValue: report.reason.rawValue) ?? .other, details: report.details,
            status: Components.Schemas.ReportStatus(rawValue: report.status.rawValue) ?? .open, createdAt: Date(millis: report.createdAt),
            resolvedAt: report.resolvedAt.map(Date.init(millis:)), resolvedBy: report.resolvedBy, resolutionNote: report.resolutionNote)
    }
}

extension Components.Schemas.UserSummary {
    init(_ party: ListedReport.Party) {
        self.init(id: party.id, username: party.username, displayName: party.displayName)
    }
}
