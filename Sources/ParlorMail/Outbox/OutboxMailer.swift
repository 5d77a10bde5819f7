import Foundation
import ParlorDatabase

/// A ``Mailer`` whose `send` only writes the message into the outbox: quick for the request
/// that sends it, and durable — ``MailSenderService`` on any node hands it to the relay.
public struct OutboxMailer: Mailer {
    let database: Database
    let now: @Sendable () -> Date

    public init(database: Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    public func send(_ mail: Mail) async throws {
        let time = Int64((now().timeIntervalSince1970 * 1000).rounded())
        try await database.withConnection { sql in
            try await MailOutbox.enqueue(mail, id: UUID().uuidString.lowercased(), at: time, on: sql)
        }
    }

    /// The user's queued mail is never sent, and their sent mail's addresses go.
    public func forget(user: String) async throws {
        try await database.withConnection { sql in try await MailOutbox.erase(user, on: sql) }
    }
}
