import Foundation
import HTTPTypes
@testable import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Synchronization
import Testing
import TestSupport

@Suite struct PasswordResetTests {
    /// The reset mails once `count` have been written, oldest first; waits up to 30 s, a bound on a hang.
    private func resetMails(_ server: AccountsHarness, _ count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let resets = try server.mails().filter { $0.contains("Subject: Reset your password") }
            if resets.count >= count || ContinuousClock.now > deadline { return resets }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The reset code in the newest reset mail (an address given at registration also gets a
    /// verification mail).
    private func code(in server: AccountsHarness, mails count: Int = 1) async throws -> String {
        let mail = try #require(try await resetMails(server, count).last)
        let line = try #require(mail.split(separator: "\n").first { $0.contains("enter this code in the app: ") })
        return String(line.split(separator: " ").last ?? "")
    }

    @Test(arguments: TestDatabaseKind.available)
    func aMailedCodeResetsThePasswordOnceAndEndsEverySession(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let before = try await server.register("beth", email: "beth@example.com")
            #expect(try await server.call("/auth/password/forgot", ["login": "BETH@example.com"]).status == .accepted)
            let mails = try await resetMails(server, 1)
            #expect(mails.count == 1)
            #expect(mails.first?.contains("To: beth@example.com") == true)
            let code = try await code(in: server)
            #expect(mails.first?.contains("http://127.0.0.1:8080/reset-password?token=\(code)") == true)

            let reset = try await server.call("/auth/password/reset", ["token": code, "new_password": "a brand new secret"])
            #expect(reset.status == .noContent)
            #expect(try await server.call("/users/me", method: .get, token: before["access_token"]).status == .unauthorized)
            #expect(try await server.call("/auth/login", ["login": "beth", "password": "correct horse battery"]).status == .unauthorized)
            #expect(try await server.call("/auth/login", ["login": "beth", "password": "a brand new secret"]).status == .ok)

            let replay = try await server.call("/auth/password/reset", ["token": code, "new_password": "yet another secret"])
            #expect(replay.status == .badRequest)
            #expect(replay.errorCode == "invalid_reset_token")
        }
    }

    /// The answer does not wait for the mail: with a mail server that never answers, a known
    /// account's request is answered all the same, so its timing cannot differ by the mail's.
    @Test func theAnswerDoesNotWaitForTheMail() async throws {
        let mailer = StalledMailer()
        try await withAccountsServer(mailer: mailer) { server in
            #expect(try await server.register("fay", email: "fay@example.com").status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "fay"]).status == .accepted)
            let deadline = ContinuousClock.now + .seconds(30)
            while mailer.started.withLock({ $0 }) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(mailer.started.withLock { $0 } == 1, "the mail is being sent, after the answer")
            mailer.release()
        }
    }

    @Test func codesExpire() async throws {
        try await withAccountsServer { server in
            #expect(try await server.register("carl", email: "carl@example.com").status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "carl"]).status == .accepted)
            let code = try await code(in: server)
            server.clock.advance(seconds: 31 * 60)
            let late = try await server.call("/auth/password/reset", ["token": code, "new_password": "a brand new secret"])
            #expect(late.errorCode == "invalid_reset_token")
        }
    }

    @Test func unknownAccountsAndAccountsWithoutEmailAnswerTheSameAndGetNoMail() async throws {
        try await withAccountsServer { server in
            #expect(try await server.register("dina").status == .ok)
            let unknown = try await server.call("/auth/password/forgot", ["login": "nobody@example.com"])
            let noEmail = try await server.call("/auth/password/forgot", ["login": "dina"])
            #expect(unknown.status == .accepted)
            #expect(noEmail.status == .accepted)
            // Resets are mailed in order: once a later one is out, the earlier ones sent nothing.
            #expect(try await server.register("dora", email: "dora@example.com").status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "dora"]).status == .accepted)
            let mails = try await resetMails(server, 1)
            #expect(mails.count == 1 && mails[0].contains("To: dora@example.com"), "\(mails)")
            #expect(try await server.call("/auth/password/forgot", ["login": ""]).invalidFields == ["login"])
            let weak = try await server.call("/auth/password/reset", ["token": "whatever", "new_password": "short"])
            #expect(weak.invalidFields == ["new_password"])
        }
    }

    @Test func resetRequestsAreRateLimitedPerAccount() async throws {
        try await withAccountsServer({ $0.rateLimits.resetPerAccount = .init(2, per: .seconds(3600)) }) { server in
            #expect(try await server.register("eddie", email: "ed@example.com").status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "eddie"]).status == .accepted)
            #expect(try await server.call("/auth/password/forgot", ["login": "eddie"]).status == .accepted)
            let third = try await server.call("/auth/password/forgot", ["login": "eddie"])
            #expect(third.status == .tooManyRequests)
            #expect(third.headers[.retryAfter] != nil)
            let mails = try await resetMails(server, 2)
            #expect(mails.count == 2, "\(mails)")
        }
    }

    @Test func changingThePasswordNeedsTheCurrentOneAndEndsOtherSessions() async throws {
        try await withAccountsServer { server in
            let here = try await server.register("fay")
            let elsewhere = try await server.call("/auth/login", ["login": "fay", "password": "correct horse battery"])
            let token = here["access_token"]
            let missing = try await server.call("/users/me/password", ["new_password": "fresh long secret"], method: .put, token: token)
            #expect(missing.invalidFields == ["current_password"])
            let wrong = try await server.call(
                "/users/me/password", ["current_password": "not it at all", "new_password": "fresh long secret"], method: .put, token: token)
            #expect(wrong.status == .unauthorized)
            let changed = try await server.call(
                "/users/me/password", ["current_password": "correct horse battery", "new_password": "fresh long secret"], method: .put, token: token)
            #expect(changed.status == .noContent)
            #expect(try await server.call("/users/me", method: .get, token: token).status == .ok, "this session stays")
            #expect(try await server.call("/users/me", method: .get, token: elsewhere["access_token"]).status == .unauthorized)
        }
    }

    @Test("a deleted account's mail files go with it; the mail log names the account, never its address", arguments: TestDatabaseKind.available)
    func deletedAccountsLoseTheirMail(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let gina = try await server.register("gina", email: "gina@example.com")
            #expect(gina.status == .ok)
            #expect(try await server.register("hal", email: "hal@example.com").status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "gina"]).status == .accepted)
            #expect(try await server.call("/auth/password/forgot", ["login": "hal"]).status == .accepted)
            // Each has a verification mail and a reset mail.
            #expect(try await server.waitForMails(4).count == 4)
            #expect(try await server.call("/users/me", method: .delete, token: gina["access_token"]).status == .noContent)
            let left = try server.mails()
            #expect(left.count == 2 && left.allSatisfy { $0.contains("To: hal@example.com") })
        }
        let log = RecordedLog()
        try await withTemporaryDirectory { directory in
            let mailer = FileMailer(directory: directory, logger: log.logger())
            try await mailer.send(Mail(to: "ivy@example.com", user: "user-42", subject: "Hello", body: "Hi"))
            #expect(log.text.count == 1 && log.text.allSatisfy { $0.contains("user=user-42") && !$0.contains("ivy@example.com") })
            try await mailer.forget(user: "user-4")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1, "another user's mail stays")
            try await mailer.forget(user: "user-42")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }
}

/// A mail server that takes each message and answers only when released.
private final class StalledMailer: Mailer {
    let started = Mutex(0)
    private let gate = AsyncStream.makeStream(of: Void.self)

    func send(_ mail: Mail) async throws {
        // Only the reset stalls: the registration's verification mail goes at once.
        guard mail.subject == "Reset your password" else { return }
        started.withLock { $0 += 1 }
        for await _ in gate.stream { return }
    }

    func release() { gate.continuation.finish() }
}
