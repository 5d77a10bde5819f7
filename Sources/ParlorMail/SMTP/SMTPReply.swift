/// One reply of the server: a three-digit code and its lines of text.
struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    var code: Int
    var lines: [String]

    var isPositive: Bool { (200..<400).contains(code) }
    var isTransient: Bool { (400..<500).contains(code) }
    var isPermanent: Bool { (500..<600).contains(code) }
    var text: String { lines.joined(separator: " ") }
    var description: String { "\(code) \(text)" }
}

/// What became of one message.
public enum SMTPOutcome: Sendable, Equatable {
    /// The relay took it (2xx after the message).
    case sent
    /// Refused for good (5xx to the recipient or the message), with the server's words; not retried.
    case refused(String)
    /// Not delivered this time (4xx, a dropped connection, a timeout, TLS or sign-in trouble); try later.
    case retry(String)
}

/// Why a session stopped before the message was handed over.
enum SMTPError: Error, CustomStringConvertible {
    case timeout(String)
    case connectionClosed
    case unexpected(step: String, reply: SMTPReply)
    case startTLSUnavailable
    case authUnavailable
    case malformedReply(String)
    case badAddress(String)

    var description: String {
        switch self {
        case .timeout(let step): "no answer in time (\(step))"
        case .connectionClosed: "the server closed the connection"
        case .unexpected(let step, let reply): "\(step) answered \(reply)"
        case .startTLSUnavailable: "STARTTLS is required but the server does not offer it; nothing was sent in clear"
        case .authUnavailable: "the server offers neither AUTH PLAIN nor AUTH LOGIN"
        case .malformedReply(let line): "a reply line that is not SMTP: \(line.prefix(80))"
        case .badAddress(let address): "not a mail address: \(address.prefix(80))"
        }
    }
}
