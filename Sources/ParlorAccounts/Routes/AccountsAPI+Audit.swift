import Foundation
import ParlorAPI
import ParlorDatabase
import ParlorHTTP

extension AccountsAPI {
    package func adminListAudit(_ input: Operations.AdminListAudit.Input) async throws -> Operations.AdminListAudit.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map { text in
            guard let number = try Int64(PageCursor.parse(text).id) else {
                throw APIError.invalidFields([FieldError(field: "cursor", message: "not a cursor this server handed out")])
            }
            return number
        }
        let filter = AdminAudit.Filter(
            actor: input.query.actor, action: input.query.action, targetKind: input.query.targetKind, targetID: input.query.targetId)
        let records = try await accounts.database.withConnection { sql in
            try await AdminAudit.list(filter, after: cursor, limit: limit + 1, on: sql)
        }
        let page = records.prefix(limit)
        let next = records.count > limit ? page.last.map { PageCursor(time: $0.at, id: String($0.id)).token } : nil
        return .ok(.init(body: .json(.init(records: page.map(Components.Schemas.AuditRecord.init), next: next))))
    }
}

extension Components.Schemas.AuditRecord {
    init(_ record: AdminAudit.Record) {
        self.init(
            id: String(record.id), actor: record.entry.actor, action: record.entry.action, targetKind: record.entry.targetKind,
            targetId: record.entry.targetID, reason: record.entry.reason, details: .init(additionalProperties: record.entry.details),
            at: Date(millis: record.at))
    }
}
