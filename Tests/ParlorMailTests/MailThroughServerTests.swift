import Foundation
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorMail
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Synchronization
import Testing
import TestSupport

/// The real server with an SMTP relay configured: the account's mail goes through the outbox
/// and out over SMTP, and a deleted account's queued mail never leaves.
@Suite struct MailThroughServerTests {
    static func outbox(_ database: Database) async throws -> [(user: String, outcome: String?)] {
        try await database.withConnection { sql in
            try await sql.select().columns("user_id", "outcome").from("mail_outbox").all().map {
                (try $0.decode(column: "user_id", as: String.self), try $0.decode(column: "outcome", as: String?.self))
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func theVerificationCodeArrivesOverSMTPAndVerifies(kind: TestDatabaseKind) async throws {
        try await SMTPTestServer.run(["--starttls", "--auth"]) { relay in
            let smtp = try SMTPClient(
                configuration: SMTPConfiguration(
                    host: "127.0.0.1", port: relay.port, security: .starttls, username: "parlor", password: "secret",
                    from: "Parlor <noreply@parlor.test>", trustRoots: [relay.root]),
                logger: Logger(label: "smtp-test"))
            let options = ServerOptions(kind: kind, fakes: .providers, services: { services in
                services.mailTransport = smtp
                services.mailSending.interval = .milliseconds(20)
            })
            try await withServer(options) { server in
                let accounts = try AccountsHarness(server)
                let registered = try await accounts.call(
                    "/auth/register", ["username": "maria", "password": "correct horse battery", "email": "maria@example.com"],
                    headers: [.acceptLanguage: "es"])
                let token = registered["access_token"]
                let message = try #require(await relay.waitForMessages(1).first)
                #expect(message.recipients == ["maria@example.com"])
                #expect(message.subject == "Confirma tu dirección de correo")
                #expect(try accounts.mails().isEmpty, "nothing went to the file mailer")
                let code = try #require(message.body.firstMatch(of: /\b[0-9]{6}\b/)).output
                let verified = try await accounts.call("/users/me/email/verify", ["code": String(code)], token: token)
                #expect(verified.json["email_verified"] as? Bool == true)
                #expect(await eventually { (try? await Self.outbox(server.database).map(\.outcome)) == ["sent"] })
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func deletingTheAccountForgetsItsQueuedMail(kind: TestDatabaseKind) async throws {
        let relay = UnreachableRelay()
        let options = ServerOptions(kind: kind, fakes: .providers, services: { services in
            services.mailTransport = relay
            services.mailSending.interval = .milliseconds(20)
            services.mailSending.firstWait = .seconds(3600)
        })
        try await withServer(options) { server in
            let accounts = try AccountsHarness(server)
            let leaving = try await accounts.register("lena", email: "lena@example.com")
            #expect(try await accounts.register("otto", email: "otto@example.com").status == .ok)
            // Both verification mails are tried once, and wait for a retry.
            #expect(await eventually { relay.attempts.withLock { $0 } >= 2 })
            let queued = try await Self.outbox(server.database)
            #expect(queued.count == 2 && queued.allSatisfy { $0.outcome == nil })
            #expect(try await accounts.call("/users/me", method: .delete, token: leaving["access_token"]).status == .noContent)
            let leavingID = try #require(leaving.user["id"] as? String)
            let left = try await Self.outbox(server.database)
            #expect(left.count == 1 && left.first?.user != leavingID, "only the other account's mail stays: \(left)")
        }
    }
}

/// A relay that is never there: every attempt is to be retried.
final class UnreachableRelay: MailTransport {
    let attempts = Mutex(0)

    func send(_ mail: Mail, messageID: String, date: Date) async -> SMTPOutcome {
        attempts.withLock { $0 += 1 }
        return .retry("connection refused")
    }
}
