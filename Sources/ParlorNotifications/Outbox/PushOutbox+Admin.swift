import Foundation
import ParlorDatabase
import SQLKit

/// What staff read of the outbox: notifications with each device's answer, the queue's depth and recent failures.
extension PushOutbox {
    package enum AdminState: String, Sendable {
        /// Not finished yet: waiting, claimed or backing off.
        case pending
        /// Finished with every device answered.
        case sent
        /// Finished otherwise: given up, capped, or no device of the product's apps.
        case failed
    }

    package struct AdminRow: Sendable {
        package var id: String
        package var user: String
        package var kind: String
        package var pushType: String
        package var product: String?
        package var attempts: Int
        package var createdAt: Int64
        package var dueAt: Int64
        package var finishedAt: Int64?
        package var outcome: String?
        package var deliveries: [Delivery]
    }

    package struct Delivery: Sendable {
        package var token: String
        package var status: Int
        package var reason: String?
        package var at: Int64
    }

    static func adminPage(
        user: String?, state: AdminState?, before cursor: (Int64, String)?, limit: Int, on sql: any SQLDatabase
    ) async throws -> [AdminRow] {
        let query = sql.select()
            .columns("id", "user_id", "kind", "push_type", "product", "attempts", "created_at", "due_at", "finished_at", "outcome")
            .from("push_outbox")
        if let user { query.where("user_id", .equal, user) }
        switch state {
        case .pending: query.where("finished_at", .is, SQLLiteral.null)
        case .sent: query.where("outcome", .equal, "sent")
        case .failed: query.where("finished_at", .isNot, SQLLiteral.null).where("outcome", .notEqual, "sent")
        case nil: break
        }
        if let (time, id) = cursor {
            query.where { group in
                group.where("created_at", .lessThan, time).orWhere { $0.where("created_at", .equal, time).where("id", .lessThan, id) }
            }
        }
        var rows = try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all().map { row in
            AdminRow(
                id: try row.decode(column: "id", as: String.self), user: try row.decode(column: "user_id", as: String.self),
                kind: try row.decode(column: "kind", as: String.self), pushType: try row.decode(column: "push_type", as: String.self),
                product: try row.decode(column: "product", as: String?.self), attempts: try row.decode(column: "attempts", as: Int.self),
                createdAt: try row.decode(column: "created_at", as: Int64.self), dueAt: try row.decode(column: "due_at", as: Int64.self),
                finishedAt: try row.decode(column: "finished_at", as: Int64?.self), outcome: try row.decode(column: "outcome", as: String?.self),
                deliveries: [])
        }
        guard !rows.isEmpty else { return rows }
        let deliveries = try await sql.select().columns("outbox_id", "token", "status", "reason", "at").from("push_deliveries")
            .where("outbox_id", .in, rows.map(\.id)).orderBy("at").all()
        var byNotification: [String: [Delivery]] = [:]
        for row in deliveries {
            byNotification[try row.decode(column: "outbox_id", as: String.self), default: []].append(Delivery(
                token: try row.decode(column: "token", as: String.self), status: try row.decode(column: "status", as: Int.self),
                reason: try row.decode(column: "reason", as: String?.self), at: try row.decode(column: "at", as: Int64.self)))
        }
        for index in rows.indices { rows[index].deliveries = byNotification[rows[index].id] ?? [] }
        return rows
    }

    /// The queue's depth now, and the notifications finished other than sent since `since`.
    static func health(since: Int64, on sql: any SQLDatabase) async throws -> (pending: Int, failed: Int) {
        guard let row = try await sql.raw("""
                SELECT (SELECT COUNT(*) FROM push_outbox WHERE finished_at IS NULL) AS pending,
                    (SELECT COUNT(*) FROM push_outbox WHERE finished_at >= \(bind: since) AND outcome <> 'sent') AS failed
                """).first()
        else { return (0, 0) }
        return (try row.decode(column: "pending", as: Int.self), try row.decode(column: "failed", as: Int.self))
    }
}
