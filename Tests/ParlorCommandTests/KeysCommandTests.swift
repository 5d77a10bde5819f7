import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

/// The keys that seal token-signing keys, as an operator meets them: made on first start,
/// rotated with `parlor keys generate` and `parlor keys reseal`.
@Suite struct KeysCommandTests {
    @Test func theFirstStartMakesAPrivateKeyFileAndRotationKeepsTokensValid() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent(".parlor/key-encryption-keys")
            let token = try await Self.serving(in: directory) { port in try await Self.guestToken(port: port) }
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let original = try String(contentsOf: file, encoding: .utf8)
            let oldID = try #require(original.split(separator: "\n").first { !$0.hasPrefix("#") }?.split(separator: ":").first)
            #expect(try await Self.storedKeys(in: directory).allSatisfy { $0.hasPrefix("enc:v1:\(oldID):") })

            // Rotate: a new key first, the old one kept until every stored key is sealed again.
            let generated = try await ParlorProcess.run(["keys", "generate", "--id", "second"], in: directory)
            #expect(generated.status == 0)
            try Data((generated.stdout + original).utf8).write(to: file)
            let resealed = try await ParlorProcess.run(["keys", "reseal"], in: directory)
            #expect(resealed.stdout.contains("sealed 1 signing key(s) again with 'second'"), "\(resealed.stderr)")
            #expect(try await Self.storedKeys(in: directory).allSatisfy { $0.hasPrefix("enc:v1:second:") })
            try Data(generated.stdout.utf8).write(to: file)
            let status = try await Self.serving(in: directory) { port in try await Self.me(token, port: port) }
            #expect(status == .ok, "a token signed before the rotation is still accepted")

            // A server given other keys refuses to sign rather than making keys of its own.
            try Data(String(generated.stdout.replacingOccurrences(of: "second:", with: "third:")).utf8).write(to: file)
            let refused = try await Self.serving(in: directory) { port in try await Self.guestStatus(port: port) }
            #expect(refused == .internalServerError)
            #expect(try await Self.storedKeys(in: directory).count == 1)
            #expect(try await ParlorProcess.run(["keys", "generate", "--id", "bad id"], in: directory).status == 64)
        }
    }

    static func serving<T: Sendable>(in directory: URL, _ body: (Int) async throws -> T) async throws -> T {
        let server = try ParlorProcess(["serve", "--port", "0"], in: directory)
        let port = try await server.waitUntilListening()
        let result = try await body(port)
        server.send(SIGTERM)
        #expect(try await server.waitForExit() == 0)
        return result
    }

    static func guestReply(port: Int) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(
                TestClient.Request(
                    "/auth/guest", method: .post, authority: "127.0.0.1:\(port)", headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"device_id":"keys-test-device-0001"}"#)))
        }
    }

    static func guestStatus(port: Int) async throws -> HTTPResponse.Status { try await guestReply(port: port).status }

    static func guestToken(port: Int) async throws -> String {
        let reply = try await guestReply(port: port)
        let json = try JSONSerialization.jsonObject(with: Data((reply.body ?? ByteBuffer()).readableBytesView)) as? [String: Any]
        return try #require(json?["access_token"] as? String)
    }

    static func me(_ token: String, port: Int) async throws -> HTTPResponse.Status {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(TestClient.Request("/users/me", method: .get, authority: "127.0.0.1:\(port)", headers: [.authorization: "Bearer \(token)"]))
        }.status
    }

    static func storedKeys(in directory: URL) async throws -> [String] {
        let path = directory.appendingPathComponent(".parlor/parlor.sqlite").path
        return try await Database.withOpened(.sqlite(path: path), logger: .quiet) { database in
            try await database.withConnection { sql in
                try await sql.select().column("private_key").from("signing_keys").all().map { try $0.decode(column: "private_key", as: String.self) }
            }
        }
    }
}
