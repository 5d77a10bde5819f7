import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorTestSupport
import Testing
import TestSupport

/// `parlor serve` as a newcomer runs it: the real binary, real sockets, real files.
@Suite struct ServeCommandTests {
    @Test func versionPrintsBuildAndContract() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["version"], in: directory)
            #expect(result.status == 0)
            #expect(result.stdout == "parlor 0.1.0 (API 0.8.0)\n")
        }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func freshDirectoryServesThenStopsCleanly(signal: Int32) async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory)
            let port = try await server.waitUntilListening()
            #expect(server.standardOutput.contains("Parlor listening on http://127.0.0.1:\(port)"))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".parlor/parlor.sqlite").path))

            let health = try await request("/health", port: port)
            #expect(health.status == .ok)
            #expect(String(buffer: health.body ?? ByteBuffer()).contains("\"ok\""))
            let missing = try await request("/nope", port: port)
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body ?? ByteBuffer()).contains(#""code":"not_found""#))

            server.send(signal)
            #expect(try await server.waitForExit() == 0)
            #expect(server.standardError.contains("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"); stopping"))
            #expect(server.standardError.contains("server stopped; closing the database"))
            // The request log carries the id the client was given.
            let requestID = try #require(health.headers[.init("X-Request-Id")!])
            #expect(server.standardError.contains(requestID))
        }
    }

    @Test func portInUseExitsWithAMessage() async throws {
        try await withTemporaryDirectory { directory in
            let first = try ParlorProcess(["serve", "--port", "0", "--data-dir", "a"], in: directory)
            let port = try await first.waitUntilListening()
            let second = try await ParlorProcess.run(["serve", "--port", "\(port)", "--data-dir", "b"], in: directory)
            #expect(second.status == 75)
            #expect(second.stderr.contains("parlor: error: cannot listen on 127.0.0.1:\(port): the address is already in use"))
            #expect(!second.stderr.contains("Fatal error"))
            first.send(SIGTERM)
            #expect(try await first.waitForExit() == 0)
        }
    }

    @Test(arguments: [
        (["serve", "--database-url", "mysql://root@localhost/db"], [:], 64, "invalid database URL"),
        (["serve", "--database-url", "postgres://user@host"], [:], 64, "missing database name"),
        (["serve"], ["PARLOR_DATABASE_URL": "redis://x"], 64, "unsupported scheme 'redis'"),
        (["serve", "--log-level", "loud"], [:], 64, "invalid log level 'loud'"),
        (["serve"], ["PARLOR_PORT": "eighty"], 64, "PARLOR_PORT must be an integer"),
        (["serve"], ["PARLOR_SHUTDOWN_TIMEOUT": "0"], 64, "shutdown_timeout must be 1 to 3600 seconds, not 0"),
        (["serve", "--port", "70000"], [:], 64, "invalid port 70000"),
        (["serve", "--host", "nonsense.invalid", "--port", "0"], [:], 75, "cannot listen on nonsense.invalid:0: unknown host"),
        (["serve", "--database-url", "postgres://nobody:pw@127.0.0.1:1/none"], [:], 69, "cannot reach database postgres://nobody@127.0.0.1:1/none: connection refused"),
        (["serve", "--data-dir", "a-file/sub"], [:], 73, "a-file/sub' is not writable"),
        (["migrate", "--data-dir", "a-file"], [:], 73, "a-file is a file, not a directory"),
        (["serve"], ["PARLOR_KEY_ENCRYPTION_KEYS": "nonsense"], 64, "key_encryption_keys: 'nonsense…' is not id:base64"),
        (["serve"], ["PARLOR_KEY_ENCRYPTION_KEYS_FILE": "missing.keys"], 64, "cannot read key_encryption_keys_file missing.keys"),
    ] as [([String], [String: String], Int32, String)])
    func badConfigurationExitsWithAMessage(arguments: [String], environment: [String: String], status: Int32, message: String) async throws {
        try await withTemporaryDirectory { directory in
            try Data("not a directory".utf8).write(to: directory.appendingPathComponent("a-file"))
            let result = try await ParlorProcess.run(arguments, in: directory, environment: environment)
            #expect(result.status == status)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.last?.hasPrefix("parlor: error: ") == true, "ends with the error, no trace: \(result.stderr)")
            #expect(lines.filter { $0.contains("error") }.count == 1, "one error line: \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stderr.contains("hunter2") && !result.stderr.contains("Fatal error"))
            #expect(result.stdout.isEmpty, "nothing is served")
        }
    }

    @Test func flagsBeatEnvironmentWhichBeatsDefaults() async throws {
        try await withTemporaryDirectory { directory in
            let fromEnvironment = try await ParlorProcess.run(["migrate"], in: directory, environment: ["PARLOR_DATA_DIR": "from-env"])
            #expect(fromEnvironment.status == 0)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("from-env/parlor.sqlite").path))

            let fromFlag = try await ParlorProcess.run(["migrate", "--data-dir", "from-flag"], in: directory, environment: ["PARLOR_DATA_DIR": "from-env-2"])
            #expect(fromFlag.status == 0)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("from-flag/parlor.sqlite").path))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("from-env-2").path))

            // A port flag wins over a broken environment value.
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_PORT": "broken"])
            _ = try await server.waitUntilListening()
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }

    @Test func migrateAppliesThenReportsUpToDate() async throws {
        try await withTemporaryDirectory { directory in
            let before = try await ParlorProcess.run(["migrate", "--status"], in: directory)
            #expect(before.status == 0)
            #expect(before.stdout.contains("pending: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31"))
            let first = try await ParlorProcess.run(["migrate"], in: directory)
            #expect(first.stdout.contains("applied migrations 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 to sqlite:"))
            let second = try await ParlorProcess.run(["migrate"], in: directory)
            #expect(second.stdout.contains("is up to date"))
            let after = try await ParlorProcess.run(["migrate", "--status"], in: directory)
            #expect(after.stdout.contains("applied: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\npending: none"))
        }
    }
}
