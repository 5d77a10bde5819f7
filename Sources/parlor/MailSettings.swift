import Foundation
import Logging
import NIOSSL
import ParlorMail

/// How `parlor serve` sends mail: over SMTP, through the database outbox, when `smtp_host` is
/// set; else into files in the data directory (the development default).
extension SettingSources {
    static let smtpSettings: [Setting] = [.smtpHost, .smtpPort, .smtpTLS, .smtpUsername, .smtpPassword, .smtpFrom, .smtpCAFile]

    /// The relay's settings, checked; nil without `smtp_host`.
    func smtpConfiguration() throws(CommandFailure) -> SMTPConfiguration? {
        guard let host = string(nil, .smtpHost) else {
            var stray: [Setting] = []
            for setting in Self.smtpSettings where setting == .smtpPort ? try integer(nil, setting) != nil : string(nil, setting) != nil {
                stray.append(setting)
            }
            guard stray.isEmpty else {
                throw CommandFailure(.usage, "\(stray.map(\.rawValue).joined(separator: ", ")) set without smtp_host; set smtp_host to send mail over SMTP")
            }
            return nil
        }
        let tls = string(nil, .smtpTLS)?.lowercased() ?? SMTPConfiguration.Security.starttls.rawValue
        guard let security = SMTPConfiguration.Security(rawValue: tls) else {
            throw CommandFailure(.usage, "smtp_tls must be implicit, starttls or none, not '\(tls)'")
        }
        guard let from = string(nil, .smtpFrom) else {
            throw CommandFailure(.usage, "smtp_from is required with smtp_host: the address mail is sent from")
        }
        let defaultPort = switch security {
        case .implicit: 465
        case .starttls: 587
        case .none: 25
        }
        var configuration = SMTPConfiguration(
            host: host, port: try integer(nil, .smtpPort) ?? defaultPort, security: security, username: string(nil, .smtpUsername),
            password: string(nil, .smtpPassword), from: from)
        if let caFile = string(nil, .smtpCAFile) {
            do {
                configuration.trustRoots = try NIOSSLCertificate.fromPEMFile(caFile)
            } catch {
                throw CommandFailure(.usage, "cannot read smtp_ca_file \(caFile): \(error)")
            }
        }
        if let problem = configuration.problem { throw CommandFailure(.usage, problem) }
        return configuration
    }

    /// The SMTP client `serve` drains the outbox through; nil for the file mailer.
    func mailTransport(logger: Logger) throws(CommandFailure) -> SMTPClient? {
        guard let configuration = try smtpConfiguration() else { return nil }
        do {
            let client = try SMTPClient(configuration: configuration, logger: logger)
            logger.info(
                "mail goes out over SMTP",
                metadata: ["host": "\(configuration.host)", "port": "\(configuration.port)", "tls": "\(configuration.security.rawValue)"])
            return client
        } catch {
            throw CommandFailure(.usage, "cannot set up TLS for smtp_host \(configuration.host): \(error)")
        }
    }
}
