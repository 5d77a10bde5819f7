import Foundation
import Logging

/// One message to one recipient: the account it is for, by id, so a log line or a kept copy can
/// name the account without its address.
public struct Mail: Sendable, Equatable {
    public var to: String
    public var user: String
    public var subject: String
    public var body: String

    public init(to: String, user: String, subject: String, body: String) {
        self.to = to
        self.user = user
        self.subject = subject
        self.body = body
    }
}

/// Delivers mail. Development writes files (``FileMailer``); production queues it in the
/// database (``OutboxMailer``) for ``MailSenderService`` to hand to an SMTP relay.
public protocol Mailer: Sendable {
    func send(_ mail: Mail) async throws
    /// Forgets every copy of `user`'s mail this mailer keeps, when their account is deleted.
    func forget(user: String) async throws
}

extension Mailer {
    /// A mailer that hands each message on and keeps no copy has nothing to forget.
    public func forget(user: String) async throws {}
}

/// Writes each message as a text file in a folder (and logs where), for development and tests;
/// each file's name carries its account's id, so deleting the account deletes its mail.
public struct FileMailer: Mailer {
    public let directory: URL
    let logger: Logger

    public init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    public func send(_ mail: Mail) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let millis = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let random = UUID().uuidString.lowercased().prefix(8)
        let name = "\(millis)-\(Self.fileTag(mail.user))-\(random).txt"
        let text = "To: \(mail.to)\nSubject: \(mail.subject)\n\n\(mail.body)\n"
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file, options: .atomic)
        logger.info("mail written", metadata: ["user": "\(mail.user)", "subject": "\(mail.subject)", "file": "\(file.path)"])
    }

    public func forget(user: String) async throws {
        let tag = "-\(Self.fileTag(user))-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.contains(tag) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// A user id as it stands in a file name: the id's letters and digits only.
    static func fileTag(_ user: String) -> String {
        String(user.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
    }
}
