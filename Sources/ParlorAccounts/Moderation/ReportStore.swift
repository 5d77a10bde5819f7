import Foundation
import ParlorHTTP
import SQLKit

/// SQL over `user_reports`.
enum ReportStore {
    static let columns = [
        "id", "reporter_id", "target_id", "game_id", "chat_line_id", "reason", "details", "status", "created_at", "resolved_at",
        "resolved_by", "resolution_note",
    ]

    static func insert(_ report: UserReport, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "user_reports").columns(columns)
            .values(
                SQLBind(report.id), SQLBind(report.reporter), SQLBind(report.target), SQLBind(report.game.map { $0.uuidString.lowercased() }),
                SQLBind(report.chatLine), SQLBind(report.reason.rawValue), SQLBind(report.details), SQLBind(report.status.rawValue),
                SQLBind(report.createdAt), SQLBind(report.resolvedAt), SQLBind(report.resolvedBy), SQLBind(report.resolutionNote))
            .run()
    }

    /// The reporter's open report about `target`, if any.
    static func open(by reporter: String, about target: String, on sql: any SQLDatabase) async throws -> UserReport? {
        try await sql.select().columns(columns).from("user_reports")
            .where("reporter_id", .equal, reporter).where("target_id", .equal, target).where("status", .equal, ReportStatus.open.rawValue)
            .first().map(report(from:))
    }

    /// The report `id`; on PostgreSQL locked for the caller's transaction, so two resolutions take turns.
    static func find(_ id: String, locked: Bool, on sql: any SQLDatabase) async throws -> UserReport? {
        var query = sql.select().columns(columns).from("user_reports").where("id", .equal, id)
        if locked, sql.dialect.name != "sqlite" { query = query.for(.update) }
        return try await query.first().map(report(from:))
    }

    /// Resolves an open report; false, changing nothing, when it was no longer open.
    static func resolve(_ id: String, as status: ReportStatus, by staff: String, note: String, at now: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            UPDATE user_reports SET status = \(bind: status.rawValue), resolved_at = \(bind: now), resolved_by = \(bind: staff),
                resolution_note = \(bind: note)
            WHERE id = \(bind: id) AND status = \(bind: ReportStatus.open.rawValue) RETURNING id
            """).first() != nil
    }

    /// Reports newest first (only those about `target` when given), with the names of both
    /// users, `limit` of them after `cursor`.
    static func list(
        status: ReportStatus?, target: String? = nil, after cursor: PageCursor?, limit: Int, on sql: any SQLDatabase
    ) async throws -> [ListedReport] {
        var query = sql.select().columns(columns.map { SQLColumn($0, table: "r") })
            .column(SQLAlias(SQLColumn("username", table: "rp"), as: SQLIdentifier("reporter_username")))
            .column(SQLAlias(SQLColumn("display_name", table: "rp"), as: SQLIdentifier("reporter_name")))
            .column(SQLAlias(SQLColumn("username", table: "tg"), as: SQLIdentifier("target_username")))
            .column(SQLAlias(SQLColumn("display_name", table: "tg"), as: SQLIdentifier("target_name")))
            .from(SQLAlias(SQLIdentifier("user_reports"), as: SQLIdentifier("r")))
            .join(SQLAlias(SQLIdentifier("users"), as: SQLIdentifier("rp")), method: SQLJoinMethod.left,
                  on: SQLColumn("id", table: "rp"), .equal, SQLColumn("reporter_id", table: "r"))
            .join(SQLAlias(SQLIdentifier("users"), as: SQLIdentifier("tg")), on: SQLColumn("id", table: "tg"), .equal, SQLColumn("target_id", table: "r"))
        if let status { query = query.where(SQLColumn("status", table: "r"), .equal, SQLBind(status.rawValue)) }
        if let target { query = query.where(SQLColumn("target_id", table: "r"), .equal, SQLBind(target)) }
        if let cursor {
            query = query.where { group in
                group.where(SQLColumn("created_at", table: "r"), .lessThan, SQLBind(cursor.time))
                    .orWhere { $0.where(SQLColumn("created_at", table: "r"), .equal, SQLBind(cursor.time)).where(SQLColumn("id", table: "r"), .lessThan, SQLBind(cursor.id)) }
            }
        }
        let rows = try await query.orderBy(SQLColumn("created_at", table: "r"), SQLDirection.descending).orderBy(SQLColumn("id", table: "r"), SQLDirection.descending)
            .limit(limit).all()
        return try rows.map { row in
            let report = try report(from: row)
            let reporter = try report.reporter.map { id in
                ListedReport.Party(
                    id: id, username: try row.decode(column: "reporter_username", as: String.self),
                    displayName: try row.decode(column: "reporter_name", as: String.self))
            }
            let target = ListedReport.Party(
                id: report.target, username: try row.decode(column: "target_username", as: String.self),
                displayName: try row.decode(column: "target_name", as: String.self))
            return ListedReport(report: report, reporter: reporter, target: target)
        }
    }

    /// Forgets who made the reports of a deleted account; the reports stay as evidence about their target.
    static func anonymise(reporter: String, on sql: any SQLDatabase) async throws {
        try await sql.update("user_reports").set("reporter_id", to: SQLLiteral.null).where("reporter_id", .equal, reporter).run()
    }

    private static func report(from row: any SQLRow) throws -> UserReport {
        UserReport(
            id: try row.decode(column: "id", as: String.self), reporter: try row.decode(column: "reporter_id", as: String?.self),
            target: try row.decode(column: "target_id", as: String.self),
            game: try row.decode(column: "game_id", as: String?.self).flatMap(UUID.init(uuidString:)),
            chatLine: try row.decode(column: "chat_line_id", as: Int64?.self),
            reason: ReportReason(rawValue: try row.decode(column: "reason", as: String.self)) ?? .other,
            details: try row.decode(column: "details", as: String?.self),
            status: ReportStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .open,
            createdAt: try row.decode(column: "created_at", as: Int64.self), resolvedAt: try row.decode(column: "resolved_at", as: Int64?.self),
            resolvedBy: try row.decode(column: "resolved_by", as: String?.self),
            resolutionNote: try row.decode(column: "resolution_note", as: String?.self))
    }
}
