import Foundation
import Logging
import ParlorHTTP

/// One message to one recipient.
public struct Mail: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var body: String

    public init(to: String, subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }
}

/// Delivers mail. Development writes files; production plugs an SMTP or API sender in here.
public protocol Mailer: Sendable {
    func send(_ mail: Mail) async throws
}

/// Writes each message as a text file in a folder (and logs where), for development and tests.
public struct FileMailer: Mailer {
    public let directory: URL
    let logger: Logger

    public init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    public func send(_ mail: Mail) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = "\(Date().millis)-\(Secrets.randomToken(bytes: 6)).txt"
        let text = "To: \(mail.to)\nSubject: \(mail.subject)\n\n\(mail.body)\n"
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file, options: .atomic)
        logger.info("mail written", metadata: ["to": "\(mail.to)", "subject": "\(mail.subject)", "file": "\(file.path)"])
    }
}
