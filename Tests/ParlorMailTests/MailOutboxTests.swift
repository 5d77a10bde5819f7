import Foundation
import Logging
import ParlorDatabase
import ParlorMail
import ParlorServer
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

/// The outbox over SMTP on both databases: what each message came to, retries, two nodes
/// draining one PostgreSQL, and forgetting a user's mail.
@Suite struct MailOutboxTests {
    struct Row: Decodable, Equatable {
        var recipient: String
        var attempts: Int
        var outcome: String?
        var lastError: String?
    }

    static func rows(_ database: Database) async throws -> [Row] {
        try await database.withConnection { sql in
            try await sql.select().columns("recipient", "attempts", "outcome", "last_error").from("mail_outbox").orderBy("recipient").all()
                .map { try $0.decode(model: Row.self, keyDecodingStrategy: .convertFromSnakeCase) }
        }
    }

    /// Retries come at once (a millisecond's wait), so a test drains in a few rounds.
    static func sender(_ database: Database, _ server: SMTPTestServer, maxAttempts: Int = 8) throws -> MailSender {
        var configuration = MailSenderConfiguration()
        configuration.firstWait = .milliseconds(1)
        configuration.longestWait = .milliseconds(1)
        configuration.maxAttempts = maxAttempts
        let smtp = SMTPConfiguration(
            host: "127.0.0.1", port: server.port, security: .starttls, username: "parlor", password: "secret", from: "noreply@parlor.test",
            trustRoots: [server.root])
        return MailSender(
            database: database, transport: try SMTPClient(configuration: smtp, logger: Logger(label: "smtp-test")), configuration: configuration,
            logger: Logger(label: "mail-test"))
    }

    /// Sends until nothing is due (or 50 rounds, a bound on a loop).
    static func drain(_ sender: MailSender) async throws {
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(5))
            if try await sender.sendDue() == 0 { return }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aRefusedRecipientIsRecordedAndNotRetried(kind: TestDatabaseKind) async throws {
        try await SMTPTestServer.run(["--starttls", "--auth", "--refuse", "nobody"]) { server in
            try await kind.withDatabase(migrations: ParlorMigrations.all) { database in
                let mailer = OutboxMailer(database: database)
                try await mailer.send(Mail(to: "nobody@example.com", user: "u1", subject: "Hi", body: "x"))
                try await mailer.send(Mail(to: "somebody@example.com", user: "u2", subject: "Hi", body: "y"))
                try await Self.drain(try Self.sender(database, server))
                let rows = try await Self.rows(database)
                #expect(rows.map(\.outcome) == ["refused", "sent"])
                #expect(rows.map(\.attempts) == [1, 1], "a refusal is not retried")
                #expect(rows.first?.lastError?.contains("550") == true && rows.first?.lastError?.contains("no such mailbox") == true)
                #expect(server.events("refused") == 1)
                #expect(server.messages.map(\.recipients) == [["somebody@example.com"]])
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aDroppedConnectionIsRetriedAndTheMailArrivesOnce(kind: TestDatabaseKind) async throws {
        try await SMTPTestServer.run(["--starttls", "--auth", "--drop-after-data", "2"]) { server in
            try await kind.withDatabase(migrations: ParlorMigrations.all) { database in
                try await OutboxMailer(database: database).send(Mail(to: "ana@example.com", user: "u1", subject: "Hi", body: "once"))
                try await Self.drain(try Self.sender(database, server))
                #expect(try await Self.rows(database) == [Row(recipient: "ana@example.com", attempts: 3, outcome: "sent", lastError: nil)])
                #expect(server.events("dropped") == 2)
                #expect(server.messages.count == 1)
            }
        }
    }

    @Test func attemptsRunOutAndTheMailIsGivenUp() async throws {
        try await SMTPTestServer.run(["--starttls", "--auth", "--drop-after-data", "100"]) { server in
            try await TestDatabaseKind.sqlite.withDatabase(migrations: ParlorMigrations.all) { database in
                try await OutboxMailer(database: database).send(Mail(to: "ana@example.com", user: "u1", subject: "Hi", body: "never"))
                try await Self.drain(try Self.sender(database, server, maxAttempts: 3))
                let rows = try await Self.rows(database)
                #expect(rows.map(\.outcome) == ["gave_up"] && rows.map(\.attempts) == [3])
                #expect(rows.first?.lastError?.contains("closed") == true, "\(rows)")
                #expect(server.events("dropped") == 3 && server.messages.isEmpty)
            }
        }
    }

    /// Two nodes on one PostgreSQL (or one SQLite file) drain one outbox at once: every message
    /// goes out exactly once.
    @Test(arguments: TestDatabaseKind.available)
    func twoNodesNeverSendOneMailTwice(kind: TestDatabaseKind) async throws {
        try await SMTPTestServer.run(["--starttls", "--auth"]) { server in
            try await kind.withFreshLocation(migratedTo: ParlorMigrations.all) { location in
                try await Database.withOpened(location, logger: Logger(label: "node-a")) { first in
                    try await Database.withOpened(location, logger: Logger(label: "node-b")) { second in
                        let mailer = OutboxMailer(database: first)
                        for index in 0..<24 {
                            try await mailer.send(Mail(to: "player\(index)@example.com", user: "u\(index)", subject: "Hi \(index)", body: "b"))
                        }
                        let senders = [try Self.sender(first, server), try Self.sender(second, server)]
                        let claimed = try await withThrowingTaskGroup(of: Int.self) { group in
                            for sender in senders {
                                group.addTask {
                                    var total = 0
                                    // Small batches, so both nodes take turns at the queue.
                                    while case let count = try await sender.sendDue(limit: 3), count > 0 { total += count }
                                    return total
                                }
                            }
                            return try await group.reduce([], { $0 + [$1] })
                        }
                        #expect(claimed.reduce(0, +) == 24, "\(claimed)")
                        let recipients = await server.waitForMessages(24).flatMap(\.recipients)
                        #expect(recipients.count == 24 && Set(recipients).count == 24)
                        #expect(try await Self.rows(first).allSatisfy { $0.outcome == "sent" && $0.attempts == 1 })
                    }
                }
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func forgettingAUserDropsTheirQueuedMailOnly(kind: TestDatabaseKind) async throws {
        try await SMTPTestServer.run(["--starttls", "--auth"]) { server in
            try await kind.withDatabase(migrations: ParlorMigrations.all) { database in
                let mailer = OutboxMailer(database: database)
                try await mailer.send(Mail(to: "gone@example.com", user: "leaving", subject: "Hi", body: "x"))
                try await mailer.send(Mail(to: "stays@example.com", user: "staying", subject: "Hi", body: "y"))
                try await mailer.forget(user: "leaving")
                try await Self.drain(try Self.sender(database, server))
                #expect(try await Self.rows(database).map(\.recipient) == ["stays@example.com"])
                #expect(server.messages.flatMap(\.recipients) == ["stays@example.com"])
            }
        }
    }
}
