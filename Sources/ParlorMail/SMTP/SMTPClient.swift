import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Hands one message at a time to an SMTP relay, as ``SMTPConfiguration`` says: TLS from the
/// start or by `STARTTLS` (never falling back to clear text when TLS was asked for), `AUTH PLAIN`
/// or `AUTH LOGIN`, then `MAIL FROM`, `RCPT TO` and `DATA`; each reply classified as sent,
/// refused for good or worth another try.
public struct SMTPClient: MailTransport {
    public let configuration: SMTPConfiguration
    let tls: NIOSSLContext?
    let group: any EventLoopGroup
    let logger: Logger

    public init(configuration: SMTPConfiguration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger) throws {
        self.configuration = configuration
        self.group = group
        self.logger = logger
        if configuration.security == .none {
            tls = nil
        } else {
            var tls = TLSConfiguration.makeClientConfiguration()
            if let roots = configuration.trustRoots { tls.trustRoots = .certificates(roots) }
            self.tls = try NIOSSLContext(configuration: tls)
        }
    }

    /// The name TLS checks the certificate against: none for an address, whose certificate
    /// NIOSSL then checks against the address connected to.
    var serverHostname: String? {
        let host = configuration.host
        let isAddress = host.contains(":") || host.split(separator: ".").allSatisfy { UInt8($0) != nil }
        return isAddress ? nil : host
    }

    public func send(_ mail: Mail, messageID: String, date: Date) async -> SMTPOutcome {
        guard SMTPAddress.isValid(mail.to) else { return .refused(SMTPError.badAddress(mail.to).description) }
        let connection: SMTPConnection
        do {
            connection = try await SMTPConnection.connect(
                host: configuration.host, port: configuration.port, tls: configuration.security == .implicit ? tls : nil,
                serverHostname: serverHostname, connectTimeout: configuration.connectTimeout, commandTimeout: configuration.commandTimeout,
                group: group)
        } catch {
            return .retry("cannot connect to \(configuration.host):\(configuration.port): \(error)")
        }
        do {
            let outcome = try await converse(mail, messageID: messageID, date: date, on: connection)
            _ = try? await connection.command("QUIT", timeout: .seconds(2))
            await connection.close()
            return outcome
        } catch {
            await connection.close()
            return .retry("\(error)")
        }
    }

    private func converse(_ mail: Mail, messageID: String, date: Date, on connection: SMTPConnection) async throws -> SMTPOutcome {
        let greeting = try await connection.reply("greeting")
        guard greeting.code == 220 else { return .retry("greeting: \(greeting)") }
        var extensions = try await hello(on: connection)
        if configuration.security == .starttls {
            guard extensions.contains("STARTTLS"), let tls else { throw SMTPError.startTLSUnavailable }
            let ready = try await connection.command("STARTTLS")
            guard ready.code == 220 else { throw SMTPError.unexpected(step: "STARTTLS", reply: ready) }
            try await connection.startTLS(tls, serverHostname: serverHostname)
            extensions = try await hello(on: connection)
        }
        if let username = configuration.username, let password = configuration.password {
            // The password goes only inside TLS (``SMTPConfiguration/problem`` refuses the setting too).
            guard configuration.security != .none else { throw SMTPError.authUnavailable }
            try await authenticate(username: username, password: password, offered: extensions, on: connection)
        }
        let sender = try await connection.command("MAIL FROM:<\(configuration.fromAddress)>")
        // A refused sender is the relay's configuration, not this message: it waits for a fix.
        guard sender.isPositive else { return .retry("MAIL FROM: \(sender)") }
        let recipient = try await connection.command("RCPT TO:<\(mail.to)>")
        guard recipient.isPositive else { return outcome(of: recipient, step: "RCPT TO") }
        let data = try await connection.command("DATA")
        guard data.code == 354 else { return .retry("DATA: \(data)") }
        let message = MIMEMessage(from: configuration.from, to: mail.to, subject: mail.subject, body: mail.body, date: date, messageID: messageID)
        try await connection.write(message.dataSection)
        let accepted = try await connection.reply("end of data", timeout: connection.commandTimeout * 3)
        return accepted.isPositive ? .sent : outcome(of: accepted, step: "end of data")
    }

    /// `EHLO`; the extensions offered, by their first word in upper case.
    private func hello(on connection: SMTPConnection) async throws -> Set<String> {
        let reply = try await connection.command("EHLO \(configuration.helloName)")
        guard reply.code == 250 else { throw SMTPError.unexpected(step: "EHLO", reply: reply) }
        var offered: Set<String> = []
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            offered.insert(first)
            if first == "AUTH" { for method in words.dropFirst() { offered.insert("AUTH " + method) } }
        }
        return offered
    }

    private func authenticate(username: String, password: String, offered: Set<String>, on connection: SMTPConnection) async throws {
        let done: SMTPReply
        if offered.contains("AUTH PLAIN") {
            let token = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
            done = try await connection.command("AUTH PLAIN \(token)", step: "AUTH PLAIN")
        } else if offered.contains("AUTH LOGIN") {
            let start = try await connection.command("AUTH LOGIN")
            guard start.code == 334 else { throw SMTPError.unexpected(step: "AUTH LOGIN", reply: start) }
            let asked = try await connection.command(Data(username.utf8).base64EncodedString(), step: "AUTH LOGIN username")
            guard asked.code == 334 else { throw SMTPError.unexpected(step: "AUTH LOGIN username", reply: asked) }
            done = try await connection.command(Data(password.utf8).base64EncodedString(), step: "AUTH LOGIN password")
        } else {
            throw SMTPError.authUnavailable
        }
        // A refused sign-in is the operator's to fix; the mail waits for it rather than being lost.
        guard done.code == 235 else { throw SMTPError.unexpected(step: "AUTH", reply: done) }
    }

    /// A negative reply to the recipient or the message: 5xx refuses it for good, anything else is
    /// worth another try.
    private func outcome(of reply: SMTPReply, step: String) -> SMTPOutcome {
        reply.isPermanent ? .refused("\(step): \(reply)") : .retry("\(step): \(reply)")
    }
}

/// Something that hands a message on; ``SMTPClient`` in production.
public protocol MailTransport: Sendable {
    func send(_ mail: Mail, messageID: String, date: Date) async -> SMTPOutcome
}
