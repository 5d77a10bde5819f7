import Foundation
import ParlorDatabase
import SQLKit

/// The `mail_outbox` table: mail written by a request (fast, and durable once committed), claimed
/// by the sender of any node under a lease, and what became of each message.
package enum MailOutbox {
    /// Creates the table; Accounts' migration 20 runs this, beside the users' locale.
    package static func create(on sql: any SQLDatabase) async throws {
        try await sql.create(table: "mail_outbox")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("user_id", type: .text, .notNull)
            .column("recipient", type: .text, .notNull)
            .column("subject", type: .text, .notNull)
            .column("body", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("due_at", type: .bigint, .notNull)
            .column("attempts", type: .int, .notNull)
            // A sender's lease: until then no other node takes the message.
            .column("claimed_until", type: .bigint)
            .column("finished_at", type: .bigint)
            // sent, refused (5xx, with the server's words in last_error) or gave_up.
            .column("outcome", type: .text)
            .column("last_error", type: .text)
            .run()
        try await sql.raw("CREATE INDEX mail_outbox_due ON mail_outbox (due_at) WHERE finished_at IS NULL").run()
        try await sql.create(index: "mail_outbox_user").on("mail_outbox").column("user_id").run()
    }

    static func enqueue(_ mail: Mail, id: String, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "mail_outbox")
            .columns("id", "user_id", "recipient", "subject", "body", "created_at", "due_at", "attempts")
            .values(
                SQLBind(id), SQLBind(mail.user), SQLBind(mail.to), SQLBind(mail.subject), SQLBind(mail.body), SQLBind(time), SQLBind(time),
                SQLBind(0))
            .run()
    }

    static let queue = LeasedQueue(table: "mail_outbox", keepsFinished: true)

    /// Whether any message is due: a plain read, so an idle tick takes no write lock.
    static func anyDue(at time: Int64, on sql: any SQLDatabase) async throws -> Bool {
        try await queue.anyDue(at: time, on: sql)
    }

    /// Claims up to `limit` due messages until `leaseEnd`, counting the attempt.
    static func claim(limit: Int, at time: Int64, leaseEnd: Int64, on sql: any SQLDatabase) async throws -> [ClaimedMail] {
        let rows = try await queue.claim(
            limit: limit, at: time, leaseEnd: leaseEnd,
            returning: ["id", "user_id", "recipient", "subject", "body", "created_at", "attempts", "claimed_until"], on: sql)
        return try rows.map { row in
            ClaimedMail(
                id: try row.decode(column: "id", as: String.self),
                mail: Mail(
                    to: try row.decode(column: "recipient", as: String.self), user: try row.decode(column: "user_id", as: String.self),
                    subject: try row.decode(column: "subject", as: String.self), body: try row.decode(column: "body", as: String.self)),
                createdAt: try row.decode(column: "created_at", as: Int64.self), attempts: try row.decode(column: "attempts", as: Int.self),
                lease: try row.decode(column: "claimed_until", as: Int64.self))
        }.sorted { $0.id < $1.id }
    }

    /// Done with, if this sender's lease still holds the row (a lapsed lease means another node
    /// has it now, or the user's deletion forgot it).
    static func finish(_ claimed: ClaimedMail, outcome: String, error: String?, at time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.update("mail_outbox").set("finished_at", to: SQLBind(time)).set("outcome", to: SQLBind(outcome))
            .set("last_error", to: SQLBind(error)).set("claimed_until", to: SQLLiteral.null)
            .where("id", .equal, claimed.id).where("claimed_until", .equal, claimed.lease).run()
    }

    /// Try again at `due`.
    static func reschedule(_ claimed: ClaimedMail, due: Int64, error: String, on sql: any SQLDatabase) async throws {
        try await sql.update("mail_outbox").set("due_at", to: SQLBind(due)).set("last_error", to: SQLBind(error))
            .set("claimed_until", to: SQLLiteral.null)
            .where("id", .equal, claimed.id).where("claimed_until", .equal, claimed.lease).run()
    }

    static func prune(finishedBefore time: Int64, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "mail_outbox").where("finished_at", .lessThan, time).run()
    }

    /// Forgets every message to or about `user`, sent or not: the address is personal data.
    static func erase(_ user: String, on sql: any SQLDatabase) async throws {
        try await sql.delete(from: "mail_outbox").where("user_id", .equal, user).run()
    }
}

/// A message a sender holds the lease on.
struct ClaimedMail: Sendable {
    var id: String
    var mail: Mail
    var createdAt: Int64
    /// Attempts so far, this one included.
    var attempts: Int
    var lease: Int64
}
