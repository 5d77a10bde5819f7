import Crypto
import Foundation
import NIOSSL
import ParlorMail
import ParlorTestSupport
import Synchronization
import TestSupport

/// Tests/Tools/smtp_server.py (aiosmtpd) on loopback, with a certificate from a throwaway root,
/// and what it reported: the messages it took, the recipients it refused, the connections it dropped.
final class SMTPTestServer: Sendable {
    struct Message: Sendable {
        var mailFrom: String
        var recipients: [String]
        var data: String
        var authUser: String?
        /// The subject and text as Python's MIME parser decodes them.
        var subject: String
        var body: String
    }

    let port: Int
    /// The root the server's certificate chains to, to trust in the client.
    let root: NIOSSLCertificate
    private let lines = Mutex<[[String: any Sendable]]>([])

    private init(port: Int, root: NIOSSLCertificate, output: Pipe, pending: Data) {
        self.port = port
        self.root = root
        record(pending)
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.record(handle.availableData) }
    }

    private let buffer = Mutex(Data())

    private func record(_ data: Data) {
        let complete: [Data] = buffer.withLock { buffer in
            buffer.append(data)
            var found: [Data] = []
            while let end = buffer.firstIndex(of: 0x0A) {
                found.append(buffer[buffer.startIndex..<end])
                buffer.removeSubrange(buffer.startIndex...end)
            }
            return found
        }
        let parsed = complete.compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: any Sendable] }
        lines.withLock { $0 += parsed }
    }

    var messages: [Message] {
        lines.withLock { $0 }.compactMap { line in
            guard let from = line["mail_from"] as? String, let data = line["data"] as? String else { return nil }
            return Message(
                mailFrom: from, recipients: line["rcpt_tos"] as? [String] ?? [], data: data, authUser: line["auth_user"] as? String,
                subject: line["subject"] as? String ?? "", body: line["body"] as? String ?? "")
        }
    }

    /// Refusals and drops, by their `event`.
    func events(_ kind: String) -> Int { lines.withLock { $0 }.filter { $0["event"] as? String == kind }.count }

    /// Waits (up to 30 s, a bound on a hang) until `count` messages have arrived.
    func waitForMessages(_ count: Int) async -> [Message] {
        await eventually { self.messages.count >= count }
        return messages
    }

    /// Runs `body` with a server started with `arguments` (see the script's modes); nil when the
    /// test Python is missing and not required.
    static func run<Result>(_ arguments: [String], _ body: (SMTPTestServer) async throws -> Result) async throws -> Result? {
        guard try TestTools.available(python: true), let python = TestTools.python else { return nil }
        return try await withTemporaryDirectory { directory in
            let authority = try TestCertificateAuthority(name: "Parlor Mail Test Root")
            let leaf = try authority.issueServer()
            let cert = directory.appendingPathComponent("server.pem"), key = directory.appendingPathComponent("server.key")
            try Data(leaf.pem.utf8).write(to: cert)
            try Data(leaf.key.pemRepresentation.utf8).write(to: key)
            let process = Process()
            process.executableURL = python
            process.arguments = [TestTools.packageRoot.appendingPathComponent("Tests/Tools/smtp_server.py").path, "--cert", cert.path, "--key", key.path]
                + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                output.fileHandleForReading.readabilityHandler = nil
                // SIGKILL: a throwaway server needs no clean exit, and the test process may leave
                // SIGTERM blocked in the children it starts.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let (port, rest) = try await readPort(output)
            let server = SMTPTestServer(port: port, root: try NIOSSLCertificate(bytes: authority.der, format: .der), output: output, pending: rest)
            return try await body(server)
        }
    }

    /// The `PORT n` line, read before anything else; the bytes after it are the first records.
    private static func readPort(_ output: Pipe) async throws -> (Int, Data) {
        let handle = output.fileHandleForReading
        let task = Task.detached { () -> (Int, Data)? in
            var data = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                data.append(chunk)
                if let end = data.firstIndex(of: 0x0A) {
                    let line = String(decoding: data[data.startIndex..<end], as: UTF8.self)
                    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else { return nil }
                    return (port, Data(data[data.index(after: end)...]))
                }
            }
        }
        guard let found = await task.value else { throw TestSetupError("smtp_server.py did not print its port") }
        return found
    }
}
