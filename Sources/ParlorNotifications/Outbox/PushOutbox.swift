import ApplePush
import Foundation
import ParlorDatabase
import SQLKit

/// The `push_outbox` table: notifications written with the change that causes them, claimed by
/// the senders of any node, and what each device answered.
package enum PushOutbox {
    /// Stores the notifications the users want and can receive (on a device of the notification's
    /// product), in the caller's transaction: two reads (preferences, devices) and one insert
    /// whatever their number.
    package static func enqueue(_ messages: [PushMessage], products: PushProducts, at time: Int64, on sql: any SQLDatabase) async throws {
        guard !messages.isEmpty else { return }
        // Devices first: most players (every guest) have none, and then no preference is read.
        // A game's end, which enqueues for every seat, waits on these reads.
        var reachable: [String: Set<String>] = [:]
        var deliverable: [PushMessage] = []
        for message in messages {
            let scope = "\(message.deviceKind.rawValue)/\(message.activityID ?? "")/\(message.product?.rawValue ?? "")"
            if reachable[scope] == nil {
                let asked = Set(
                    messages.filter { $0.deviceKind == message.deviceKind && $0.activityID == message.activityID && $0.product == message.product }
                        .map(\.user))
                reachable[scope] = try await DeviceStore.reachable(
                    asked, kind: message.deviceKind, activity: message.activityID, bundles: products.bundleIDs(of: message.product), on: sql)
            }
            if reachable[scope]?.contains(message.user) == true { deliverable.append(message) }
        }
        guard !deliverable.isEmpty else { return }
        let preferences = try await PushPreferencesStore.preferences(of: Set(deliverable.map(\.user)), on: sql)
        let wanted = deliverable.filter { (preferences[$0.user] ?? PushPreferences()).wants($0.kind) }
        guard !wanted.isEmpty else { return }
        var insert = sql.insert(into: "push_outbox").columns(
            "id", "user_id", "kind", "product", "push_type", "activity_id", "payload", "collapse_id", "priority", "expires_at", "dedupe_key",
            "created_at", "due_at", "attempts")
        for message in wanted {
            insert = insert.values(
                SQLBind(UUID().uuidString.lowercased()), SQLBind(message.user), SQLBind(message.kind.rawValue), SQLBind(message.product?.rawValue),
                SQLBind(message.pushType.rawValue), SQLBind(message.activityID), SQLBind(String(decoding: message.payload, as: UTF8.self)),
                SQLBind(message.collapseID), SQLBind(message.priority.rawValue), SQLBind(message.expiration), SQLBind(message.dedupeKey),
                SQLBind(time), SQLBind(time), SQLBind(0))
        }
        try await insert.ignoringConflicts(with: ["dedupe_key"]).run()
    }

    static let queue = LeasedQueue(table: "push_outbox", keepsFinished: true)

    /// Whether any notification is due: a plain read, so an idle tick takes no write lock.
    static func anyDue(at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await queue.anyDue(at: time, on: sql)
    }

    static let claimedColumns = [
        "id", "user_id", "kind", "product", "push_type", "activity_id", "payload", "collapse_id", "priority", "expires_at", "dedupe_key", "attempts",
    ]

    /// Claims up to `limit` due notifications until `leaseEnd`; another node's sender skips them
    /// until then, and takes them over if this one dies before finishing.
    static func claim(limit: Int, at time: Int64, leaseEnd: Int64, on sql: any SQLDatabase) async throws -> [ClaimedPush] {
        try await queue.claim(limit: limit, at: time, leaseEnd: leaseEnd, returning: claimedColumns, on: sql).map(claimed).sorted { $0.id < $1.id }
    }

    static func claimed(_ row: any SQLRow) throws -> ClaimedPush {
        guard let kind = PushKind(rawValue: try row.decode(column: "kind", as: String.self)),
            let type = APNsRequest.PushType(rawValue: try row.decode(column: "push_type", as: String.self)),
            let priority = APNsRequest.Priority(rawValue: try row.decode(column: "priority", as: Int.self))
        else { throw OutboxError.corruptRow }
        let product = try row.decode(column: "product", as: String?.self)
        guard product.map({ PushProduct(rawValue: $0) != nil }) ?? true else { throw OutboxError.corruptRow }
        let message = PushMessage(
            user: try row.decode(column: "user_id", as: String.self), kind: kind, product: product.flatMap(PushProduct.init(rawValue:)), pushType: type,
            activityID: try row.decode(column: "activity_id", as: String?.self),
            payload: Data(try row.decode(column: "payload", as: String.self).utf8), collapseID: try row.decode(column: "collapse_id", as: String?.self),
            priority: priority, expiration: try row.decode(column: "expires_at", as: Int64?.self),
            dedupeKey: try row.decode(column: "dedupe_key", as: String.self))
        return ClaimedPush(id: try row.decode(column: "id", as: String.self), message: message, attempts: try row.decode(column: "attempts", as: Int.self))
    }

    /// The tokens this notification already reached or that refused it for good.
    static func settledTokens(of id: String, on sql: any SQLDatabase) async throws -> Set<String> {
        Set(try await sql.select().column("token").from("push_deliveries").where("outbox_id", .equal, id).all().map {
            try $0.decode(column: "token", as: String.self)
        })
    }

    static func settle(_ id: String, token: String, status: Int, reason: String?, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "push_deliveries").columns("outbox_id", "token", "status", "reason", "at")
            .values(SQLBind(id), SQLBind(token), SQLBind(status), SQLBind(reason), SQLBind(time))
            .ignoringConflicts(with: ["outbox_id", "token"]).run()
    }

    /// How many alerts each of `users` was sent since `time` (finished as `sent`), for the hourly cap.
    static func alertsSent(to users: Set<String>, since time: Int64, on sql: any SQLDatabase) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let rows = try await sql.raw("""
            SELECT user_id, COUNT(*) AS sent FROM push_outbox WHERE user_id IN (\(binds: Array(users))) AND finished_at >= \(bind: time)
            AND push_type = 'alert' AND outcome = 'sent' GROUP BY user_id
            """).all()
        for row in rows { counts[try row.decode(column: "user_id", as: String.self)] = try row.decode(column: "sent", as: Int.self) }
        return counts
    }

    /// Done with: every device answered for good, or the attempts ran out.
    static func finish(_ id: String, outcome: String, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update("push_outbox").set("finished_at", to: SQLBind(time)).set("outcome", to: SQLBind(outcome))
            .set("claimed_until", to: SQLLiteral.null).where("id", .equal, id).run()
    }

    /// Some device should be tried again at `due`.
    static func reschedule(_ id: String, due: Int64, on sql: any SQLDatabase) async throws {
        try await queue.reschedule(id, due: due, on: sql)
    }

    /// Forgets finished notifications and their answers from before `time`.
    static func prune(finishedBefore time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            DELETE FROM push_deliveries WHERE outbox_id IN (SELECT id FROM push_outbox WHERE finished_at < \(bind: time))
            """).run()
        try await sql.delete(from: "push_outbox").where("finished_at", .lessThan, time).run()
    }

    package static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM push_deliveries WHERE outbox_id IN (SELECT id FROM push_outbox WHERE user_id = \(bind: user))").run()
        try await sql.delete(from: "push_outbox").where("user_id", .equal, user).run()
    }
}

enum OutboxError: Error, CustomStringConvertible {
    case corruptRow

    var description: String { "a row of push_outbox does not decode" }
}
