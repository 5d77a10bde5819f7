import Foundation
import NIOSSL

/// Where and how mail leaves: the relay, its TLS, the account to sign in with and the sender.
public struct SMTPConfiguration: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable, CaseIterable {
        /// TLS from the first byte (port 465, "SMTPS").
        case implicit
        /// Plain until `STARTTLS`, which the relay must offer: without it nothing is sent.
        case starttls
        /// No TLS at all, for a relay on a trusted network; credentials are then never sent.
        case none
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    /// The envelope sender and the `From` header: an address, or `Name <address>`.
    public var from: String
    /// PEM roots to trust instead of the system's, for tests and private relays.
    public var trustRoots: [NIOSSLCertificate]?
    /// The name this host gives in `EHLO`.
    public var helloName: String
    public var connectTimeout: Duration = .seconds(10)
    /// How long any one reply may take (the answer to the message itself may take longer: 3×).
    public var commandTimeout: Duration = .seconds(30)

    public init(
        host: String, port: Int, security: Security = .starttls, username: String? = nil, password: String? = nil, from: String,
        trustRoots: [NIOSSLCertificate]? = nil, helloName: String = "parlor.localhost"
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.from = from
        self.trustRoots = trustRoots
        self.helloName = helloName
    }

    /// The bare address of ``from`` (inside `<…>` when a name is given).
    public var fromAddress: String {
        if let open = from.lastIndex(of: "<"), let close = from.lastIndex(of: ">"), open < close {
            return String(from[from.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
        }
        return from.trimmingCharacters(in: .whitespaces)
    }

    /// What is wrong with this configuration, if anything; checked at start.
    public var problem: String? {
        if host.isEmpty { return "smtp_host must not be empty" }
        if !(1...65535).contains(port) { return "smtp_port must be 1 to 65535, not \(port)" }
        if !SMTPAddress.isValid(fromAddress) { return "smtp_from must be a mail address (or 'Name <address>'), not '\(from)'" }
        if (username == nil) != (password == nil) { return "smtp_username and smtp_password go together" }
        if security == .none, username != nil { return "smtp_tls none would send the password in clear; use starttls or implicit" }
        return nil
    }
}

/// Checks on an address before it goes into a command or a header.
enum SMTPAddress {
    /// One `local@domain` with nothing that could end a command line or a header.
    static func isValid(_ address: String) -> Bool {
        guard address.utf8.count <= 254, !address.isEmpty else { return false }
        guard !address.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7f || "<>()[],;\\\"".unicodeScalars.contains($0) })
        else { return false }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
    }
}
