import Foundation
import ParlorHTTP
import SQLKit

/// One thing staff did: who, what, to what, why, and what else is worth keeping.
package struct AuditEntry: Sendable, Equatable {
    package var actor: String
    /// A dotted name, capability first: `user.suspend`, `topdog.tournament.cancel`, `chat.line.delete`.
    package var action: String
    package var targetKind: String
    package var targetID: String
    package var reason: String?
    package var details: [String: String]

    package init(actor: String, action: String, targetKind: String, targetID: String, reason: String?, details: [String: String] = [:]) {
        self.actor = actor
        self.action = action
        self.targetKind = targetKind
        self.targetID = targetID
        self.reason = reason
        self.details = details
    }
}

/// The audit trail of staff actions (`admin_audit`). Every capability records its admin actions here,
/// inside the transaction of the action, so an action and its record commit together or not at all.
package enum AdminAudit {
    /// A stored entry with its number (the order written) and time.
    package struct Record: Sendable, Equatable {
        package var id: Int64
        package var entry: AuditEntry
        package var at: Int64
    }

    /// What to list: any field left nil matches everything.
    package struct Filter: Sendable {
        package var actor: String?
        package var action: String?
        package var targetKind: String?
        package var targetID: String?

        package init(actor: String? = nil, action: String? = nil, targetKind: String? = nil, targetID: String? = nil) {
            self.actor = actor
            self.action = action
            self.targetKind = targetKind
            self.targetID = targetID
        }
    }

    package static func record(_ entry: AuditEntry, at time: Int64, on sql: any SQLDatabase) async throws {
        let details = String(decoding: try JSONEncoder.sorted.encode(entry.details), as: UTF8.self)
        try await sql.insert(into: "admin_audit")
            .columns("actor_id", "action", "target_kind", "target_id", "reason", "details", "created_at")
            .values(
                SQLBind(entry.actor), SQLBind(entry.action), SQLBind(entry.targetKind),
                SQLBind(entry.targetID), SQLBind(entry.reason), SQLBind(details), SQLBind(time))
            .run()
    }

    /// Records newest first (last written first), `limit` of them, after the record numbered `cursor`.
    package static func list(_ filter: Filter, after cursor: Int64?, limit: Int, on sql: any SQLDatabase) async throws -> [Record] {
        var query = sql.select().columns("id", "actor_id", "action", "target_kind", "target_id", "reason", "details", "created_at")
            .from("admin_audit")
        if let actor = filter.actor { query = query.where("actor_id", .equal, actor) }
        if let action = filter.action { query = query.where("action", .equal, action) }
        if let kind = filter.targetKind { query = query.where("target_kind", .equal, kind) }
        if let target = filter.targetID { query = query.where("target_id", .equal, target) }
        if let cursor { query = query.where("id", .lessThan, cursor) }
        let rows = try await query.orderBy("id", .descending).limit(limit).all()
        return try rows.map { row in
            let details = try row.decode(column: "details", as: String.self)
            return Record(
                id: try row.decode(column: "id", as: Int64.self),
                entry: AuditEntry(
                    actor: try row.decode(column: "actor_id", as: String.self), action: try row.decode(column: "action", as: String.self),
                    targetKind: try row.decode(column: "target_kind", as: String.self),
                    targetID: try row.decode(column: "target_id", as: String.self), reason: try row.decode(column: "reason", as: String?.self),
                    details: (try? JSONDecoder().decode([String: String].self, from: Data(details.utf8))) ?? [:]),
                at: try row.decode(column: "created_at", as: Int64.self))
        }
    }
}

extension JSONEncoder {
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

/// A staff member acting, and why: what a capability needs to record an admin action it performs.
package struct StaffAction: Sendable, Equatable {
    package var actor: String
    package var reason: String?

    package init(actor: String, reason: String?) {
        self.actor = actor
        self.reason = reason
    }

    /// An operator at the machine, through `parlor` (no account: whoever may run the binary on the data).
    package static let commandLine = StaffAction(actor: "command-line", reason: nil)

    /// Records `action` on `targetKind`/`targetID` by this staff member, in the caller's transaction.
    package func record(
        _ action: String, on targetKind: String, _ targetID: String, details: [String: String] = [:], at time: Int64, in sql: any SQLDatabase
    ) async throws {
        try await AdminAudit.record(
            AuditEntry(actor: actor, action: action, targetKind: targetKind, targetID: targetID, reason: reason, details: details), at: time, on: sql)
    }
}
