import Foundation
import Logging
import NIOSSL
import ParlorMail
import ParlorTestSupport
import Testing
import TestSupport

/// The SMTP client against aiosmtpd over real TCP and TLS: what it sends arrives as it was
/// written, and what it must not do (send in clear, trust any certificate) it does not.
@Suite struct SMTPClientTests {
    /// A body with what quoted-printable and `DATA` must carry through: non-ASCII text, a line
    /// starting with a dot, a line that is only a dot, a long line, trailing spaces and `=`.
    static let body = """
        Hola Ana, ¿qué tal? Ünïcødé ✓ 日本語
        .a line starting with a dot
        .
        \(String(repeating: "long line ", count: 20))end
        trailing space 
        1 + 1 = 2
        """
    static let subject = "Bienvenue à Parlor ✓ — a subject long enough to need more than one encoded word, ñ"

    func client(_ server: SMTPTestServer, _ security: SMTPConfiguration.Security, user: String? = "parlor", password: String? = "secret", trust: NIOSSLCertificate? = nil) throws -> SMTPClient {
        let configuration = SMTPConfiguration(
            host: "127.0.0.1", port: server.port, security: security, username: user, password: password, from: "Parlor <noreply@parlor.test>",
            trustRoots: [trust ?? server.root])
        return try SMTPClient(configuration: configuration, logger: Logger(label: "smtp-test"))
    }

    func expectIntact(_ message: SMTPTestServer.Message?) {
        #expect(message?.recipients == ["ana@example.com"])
        #expect(message?.mailFrom == "noreply@parlor.test")
        #expect(message?.authUser == "parlor")
        #expect(message?.subject == Self.subject)
        #expect(message?.body.replacingOccurrences(of: "\r\n", with: "\n") == Self.body + "\n")
        let headers = message?.data.components(separatedBy: "\r\n\r\n").first ?? ""
        for name in ["Date: ", "Message-ID: <m1@parlor.example.com>", "From: Parlor <noreply@parlor.test>", "To: ana@example.com", "Subject: =?UTF-8?B?", "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: quoted-printable"] {
            #expect(headers.contains(name), "\(name) in \(headers)")
        }
        // What the relay stores is the message un-stuffed: the dot lines are the text's own.
        #expect(message?.data.contains("\r\n.a line starting with a dot\r\n.\r\n") == true)
    }

    @Test func sendsOverImplicitTLSWithAuthPlain() async throws {
        try await SMTPTestServer.run(["--implicit-tls", "--auth"]) { server in
            let outcomeClient = try client(server, .implicit)
            let outcome = await outcomeClient.send(
                Mail(to: "ana@example.com", user: "u1", subject: Self.subject, body: Self.body), messageID: "m1@parlor.example.com", date: Date())
            #expect(outcome == .sent)
            expectIntact(await server.waitForMessages(1).first)
        }
    }

    @Test func sendsOverStartTLSWithAuthLogin() async throws {
        try await SMTPTestServer.run(["--starttls", "--auth", "--login-only"]) { server in
            let outcomeClient = try client(server, .starttls)
            let outcome = await outcomeClient.send(
                Mail(to: "ana@example.com", user: "u1", subject: Self.subject, body: Self.body), messageID: "m1@parlor.example.com", date: Date())
            #expect(outcome == .sent)
            expectIntact(await server.waitForMessages(1).first)
        }
    }

    @Test func neverSendsInClearWhenStartTLSIsRequiredButNotOffered() async throws {
        try await SMTPTestServer.run([]) { server in
            let outcomeClient = try client(server, .starttls)
            let outcome = await outcomeClient.send(
                Mail(to: "ana@example.com", user: "u1", subject: "Hi", body: "secret"), messageID: "m2@parlor.test", date: Date())
            guard case .retry(let reason) = outcome else { Issue.record("sent without TLS: \(outcome)"); return }
            #expect(reason.contains("STARTTLS"))
            // The same relay takes the message from a client that allows clear text: it would have been sent.
            let clearClient = try client(server, .none, user: nil, password: nil)
            let clear = await clearClient.send(
                Mail(to: "ana@example.com", user: "u1", subject: "Hi", body: "fine"), messageID: "m3@parlor.test", date: Date())
            #expect(clear == .sent)
            let messages = await server.waitForMessages(1)
            #expect(messages.count == 1 && messages.first?.body.contains("fine") == true)
        }
    }

    @Test func refusesACertificateFromAnUntrustedRoot() async throws {
        try await SMTPTestServer.run(["--implicit-tls", "--auth"]) { server in
            let stranger = try TestCertificateAuthority(name: "Someone Else")
            let strangerClient = try client(server, .implicit, trust: try NIOSSLCertificate(bytes: stranger.der, format: .der))
            let outcome = await strangerClient.send(
                Mail(to: "ana@example.com", user: "u1", subject: "Hi", body: "secret"), messageID: "m4@parlor.test", date: Date())
            guard case .retry = outcome else { Issue.record("sent to an untrusted server: \(outcome)"); return }
            try await Task.sleep(for: .milliseconds(200))
            #expect(server.messages.isEmpty)
        }
    }

    @Test func aRefusedRecipientIsRefusedWithTheServersWords() async throws {
        try await SMTPTestServer.run(["--starttls", "--auth", "--refuse", "nobody"]) { server in
            let outcomeClient = try client(server, .starttls)
            let outcome = await outcomeClient.send(
                Mail(to: "nobody@example.com", user: "u1", subject: "Hi", body: "x"), messageID: "m5@parlor.test", date: Date())
            guard case .refused(let reason) = outcome else { Issue.record("not refused: \(outcome)"); return }
            #expect(reason.contains("550") && reason.contains("no such mailbox"))
        }
    }

    @Test func badSettingsAreNamed() {
        #expect(SMTPConfiguration(host: "", port: 25, from: "a@b.c").problem != nil)
        #expect(SMTPConfiguration(host: "relay", port: 0, from: "a@b.c").problem != nil)
        #expect(SMTPConfiguration(host: "relay", port: 25, from: "not an address").problem != nil)
        #expect(SMTPConfiguration(host: "relay", port: 25, username: "u", from: "a@b.c").problem != nil)
        #expect(SMTPConfiguration(host: "relay", port: 25, security: .none, username: "u", password: "p", from: "a@b.c").problem != nil)
        #expect(SMTPConfiguration(host: "relay", port: 587, username: "u", password: "p", from: "Parlor <a@b.c>").problem == nil)
    }
}
