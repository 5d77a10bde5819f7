import Foundation
import Testing
import TestSupport

/// `parlor serve` refuses bad SMTP settings at start, with a usage error (exit 64) naming the
/// setting, before it opens a database or listens.
@Suite struct SMTPSettingsTests {
    /// The `parlor` binary beside the test bundle (`PARLOR_BINARY` overrides), which `--build-tests` builds too.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PARLOR_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parlor")
    }

    static func serve(_ settings: [String: String], in directory: URL) throws -> (status: Int32, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw TestSetupError("no parlor binary at \(binary.path)") }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"]
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARLOR_") }
        environment["PARLOR_DATA_DIR"] = directory.path
        environment.merge(settings) { _, new in new }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(arguments: [
        (["PARLOR_SMTP_HOST": "relay.test"], "smtp_from is required with smtp_host"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "a@b.test", "PARLOR_SMTP_TLS": "maybe"], "smtp_tls must be implicit, starttls or none, not 'maybe'"),
        (["PARLOR_SMTP_FROM": "a@b.test", "PARLOR_SMTP_USERNAME": "u"], "smtp_username, smtp_from set without smtp_host"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "a@b.test", "PARLOR_SMTP_CA_FILE": "/nonexistent/root.pem"], "cannot read smtp_ca_file /nonexistent/root.pem"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "a@b.test", "PARLOR_SMTP_TLS": "none", "PARLOR_SMTP_USERNAME": "u", "PARLOR_SMTP_PASSWORD": "p"], "smtp_tls none would send the password in clear"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "a@b.test", "PARLOR_SMTP_PORT": "70000"], "smtp_port must be 1 to 65535"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "not an address"], "smtp_from must be a mail address"),
        (["PARLOR_SMTP_HOST": "relay.test", "PARLOR_SMTP_FROM": "a@b.test", "PARLOR_REQUIRE_VERIFIED_EMAIL": "perhaps"], "PARLOR_REQUIRE_VERIFIED_EMAIL must be true or false"),
    ])
    func badSettingsAreAUsageError(settings: [String: String], message: String) async throws {
        try await withTemporaryDirectory { directory in
            let result = try Self.serve(settings, in: directory)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
