import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// Players reporting each other, and staff working through the reports.
extension AccountService {
    package struct NewReport: Sendable {
        package var target: String
        package var game: UUID?
        package var chatLine: Int64?
        package var reason: ReportReason
        package var details: String?

        package init(target: String, game: UUID?, chatLine: Int64?, reason: ReportReason, details: String?) {
            self.target = target
            self.game = game
            self.chatLine = chatLine
            self.reason = reason
            self.details = details
        }
    }

    /// `reporter` reports a user. One open report per reporter and target (a second is 409
    /// `report_exists`); a report on oneself is 422, on an unknown user 404; rate-limited per user.
    package func report(_ new: NewReport, by reporter: AuthenticatedUser, context: (any ReportContextHook)?) async throws -> UserReport {
        var validator = FieldValidator()
        let details = new.details?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let details { validator.check(details.count <= UserReport.maxDetails, "details", "must be at most \(UserReport.maxDetails) characters") }
        validator.check((1...64).contains(new.target.count), "user_id", "must be a user id")
        if new.chatLine != nil { validator.check(new.game != nil, "chat_line_id", "needs the game_id of its game") }
        if let line = new.chatLine { validator.check(line > 0, "chat_line_id", "must be a chat line id") }
        try validator.validate()
        guard new.target != reporter.userID else { throw APIError.cannotReportSelf }
        try await limiter.hit("report:user:\(reporter.userID)", configuration.rateLimits.reportsPerUser)
        let report = UserReport(
            id: UUID().uuidString.lowercased(), reporter: reporter.userID, target: new.target, game: new.game, chatLine: new.chatLine,
            reason: new.reason, details: details?.isEmpty == true ? nil : details, status: .open, createdAt: now().millis)
        return try await transaction { sql in
            _ = try await targetUser(new.target, on: sql)
            if let game = new.game { try await context?.check(game: game, chatLine: new.chatLine, target: new.target, on: sql) }
            // A concurrent twin fails on the unique index instead; the transaction's retry lands here.
            guard try await ReportStore.open(by: reporter.userID, about: new.target, on: sql) == nil else { throw APIError.reportExists }
            try await ReportStore.insert(report, on: sql)
            return report
        }
    }

    /// Reports newest first, with `status` (every one when nil), about `user` when given; one
    /// page and the cursor of the next.
    package func reports(status: ReportStatus?, about user: String? = nil, cursor: String?, limit: Int?) async throws -> (
        reports: [ListedReport], next: String?
    ) {
        let limit = try PageCursor.limit(limit)
        let cursor = try cursor.map(PageCursor.parse)
        let rows = try await database.withConnection { sql in
            try await ReportStore.list(status: status, target: user, after: cursor, limit: limit + 1, on: sql)
        }
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { PageCursor(time: $0.report.createdAt, id: $0.report.id).token } : nil
        return (page, next)
    }

    /// `staff` resolves report `id` as `status` (dismissed or actioned) with `note`, kept on the
    /// report and in a `report.resolve` audit record written with it. 409 when already resolved.
    package func resolveReport(_ id: String, as status: ReportStatus, note: String, by staff: AuthenticatedUser) async throws -> UserReport {
        guard status != .open else { throw APIError.invalidField("resolution", "must be dismissed or actioned") }
        let current = now().millis
        return try await transaction { sql in
            guard id.count <= 64, var report = try await ReportStore.find(id, locked: true, on: sql) else { throw APIError.reportNotFound(id) }
            guard try await ReportStore.resolve(id, as: status, by: staff.userID, note: note, at: current, on: sql) else {
                throw APIError.reportResolved
            }
            try await AdminAudit.record(
                AuditEntry(
                    actor: staff.userID, action: "report.resolve", targetKind: "report", targetID: id, reason: note,
                    details: ["resolution": status.rawValue, "user": report.target]),
                at: current, on: sql)
            report.status = status
            report.resolvedAt = current
            report.resolvedBy = staff.userID
            report.resolutionNote = note
            return report
        }
    }
}

/// Accounts' own part of deleting an account: the reports the user made lose their reporter.
struct ReportsEraser: AccountErasureHook {
    func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        try await ReportStore.anonymise(reporter: user, on: sql)
        return .none
    }
}
