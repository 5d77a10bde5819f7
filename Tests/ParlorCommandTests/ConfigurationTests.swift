import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorTestSupport
import Testing
import TestSupport

/// Settings resolve flag → environment → config file → default; bad files are refused, not ignored.
@Suite struct ConfigurationTests {
    func exists(_ path: String, in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path)
    }

    @Test func configFileSuppliesSettings() async throws {
        try await withTemporaryDirectory { directory in
            try Data(#"{"data_dir": "from-file", "port": 0, "log_level": "debug"}"#.utf8).write(to: directory.appendingPathComponent("parlor.json"))
            let server = try ParlorProcess(["serve", "--config", "parlor.json"], in: directory)
            let port = try await server.waitUntilListening()
            #expect(port != 8080)
            #expect(exists("from-file/parlor.sqlite", in: directory))
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
            #expect(server.standardError.contains("debug"), "log_level from the file applies")
        }
    }

    @Test func environmentBeatsFileAndFlagBeatsBoth() async throws {
        try await withTemporaryDirectory { directory in
            try Data(#"{"data_dir": "from-file"}"#.utf8).write(to: directory.appendingPathComponent("parlor.json"))
            let viaEnvironment = try await ParlorProcess.run(
                ["migrate"], in: directory, environment: ["PARLOR_CONFIG": "parlor.json", "PARLOR_DATA_DIR": "from-env"]
            )
            #expect(viaEnvironment.status == 0)
            #expect(exists("from-env/parlor.sqlite", in: directory))
            #expect(!exists("from-file", in: directory))

            let viaFlag = try await ParlorProcess.run(
                ["migrate", "--config", "parlor.json", "--data-dir", "from-flag"], in: directory, environment: ["PARLOR_DATA_DIR": "from-env-2"]
            )
            #expect(viaFlag.status == 0)
            #expect(exists("from-flag/parlor.sqlite", in: directory))
            #expect(!exists("from-env-2", in: directory) && !exists("from-file", in: directory))

            let fileOnly = try await ParlorProcess.run(["migrate", "--config", "parlor.json"], in: directory)
            #expect(fileOnly.status == 0)
            #expect(exists("from-file/parlor.sqlite", in: directory))
        }
    }

    @Test(arguments: [
        (#"{"prot": 9000}"#, 64, "unknown setting 'prot'; known settings are host, port"),
        (#"{"port": "9000"}"#, 64, "'port' must be an integer"),
        (#"{"port": true}"#, 64, "'port' must be an integer"),
        (#"{"host": 1}"#, 64, "'host' must be a string"),
        (#"[1, 2]"#, 64, "is not a JSON object"),
        ("port = 9000", 64, "is not a JSON object"),
    ] as [(String, Int32, String)])
    func badConfigFileIsRefused(contents: String, status: Int32, message: String) async throws {
        try await withTemporaryDirectory { directory in
            try Data(contents.utf8).write(to: directory.appendingPathComponent("parlor.json"))
            let result = try await ParlorProcess.run(["serve", "--config", "parlor.json"], in: directory)
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix("parlor: error: config file 'parlor.json'"), "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!exists(".parlor", in: directory), "nothing is created before the configuration is valid")
        }
    }

    @Test func missingConfigFileIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve"], in: directory, environment: ["PARLOR_CONFIG": "nowhere.json"])
            #expect(result.status == 66)
            #expect(result.stderr.contains("cannot read config file 'nowhere.json'"), "\(result.stderr)")
        }
    }

    @Test func jsonLogsAreOneObjectPerLine() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0", "--log-format", "json"], in: directory)
            let port = try await server.waitUntilListening()
            let response = try await request("/health", port: port)
            let requestID = try #require(response.headers[HTTPField.Name("X-Request-Id")!])
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)

            let lines = server.standardError.split(separator: "\n")
            #expect(!lines.isEmpty)
            let records = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            }
            let access = try #require(records.first { $0["message"] as? String == "request" })
            #expect(access["http.status"] as? String == "200")
            #expect(access["http.route"] as? String == "/health")
            #expect(access["hb.request.id"] as? String == requestID)
            #expect(access["level"] as? String == "info")
            #expect(access["timestamp"] is String)
        }
    }

    @Test func unknownLogFormatIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve", "--log-format", "xml"], in: directory)
            #expect(result.status == 64)
            #expect(result.stderr.contains("invalid log format 'xml'; use text or json"))
        }
    }
}
