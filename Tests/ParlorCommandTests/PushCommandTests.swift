import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import ParlorTestSupport
import Testing
import TestSupport

/// `parlor push test`: a notification through the configured provider, with APNs' answers.
@Suite(.timeLimit(.minutes(3)))
struct PushCommandTests {
    @Test func sendsThroughAPNsOverHTTP2AndSaysWhatEachDeviceAnswered() async throws {
        try await withTemporaryDirectory { directory in
            let environment = ["PARLOR_BCRYPT_COST": "4", "PARLOR_ADMIN_PASSWORD": "a long admin secret"]
            #expect(try await ParlorProcess.run(["admin", "create", "--username", "boss"], in: directory, environment: environment).status == 0)
            #expect(try await ParlorProcess.run(["admin", "create", "--username", "quiet"], in: directory, environment: environment).status == 0)
            let token = String(repeating: "ab", count: 32)
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: environment)
            let port = try await server.waitUntilListening()
            let session = try await post("/auth/login", #"{"login":"boss","password":"a long admin secret"}"#, port: port)
            let access = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: session.body ?? ByteBuffer())) as? [String: Any])?["access_token"] as? String)
            let registered = try await post(
                "/push/devices", #"{"token":"\#(token)","environment":"production","bundle_id":"com.quortex.app","kind":"alert"}"#, port: port,
                token: access)
            #expect(registered.status == .ok)
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)

            try await FakeAPNs.run { fake in
                let key = directory.appendingPathComponent("AuthKey.p8")
                let ca = directory.appendingPathComponent("apns-ca.pem")
                try fake.providerKeyPEM.write(to: key, atomically: true, encoding: .utf8)
                try fake.rootPEM.write(to: ca, atomically: true, encoding: .utf8)
                let apns = [
                    "PARLOR_APNS_TEAM_ID": fake.teamID, "PARLOR_APNS_KEY_ID": fake.keyID, "PARLOR_APNS_KEY_FILE": key.path,
                    "PARLOR_APNS_URL": fake.url.absoluteString, "PARLOR_APNS_CA_FILE": ca.path,
                ]
                let sent = try await ParlorProcess.run(["push", "test", "--user", "boss"], in: directory, environment: apns)
                #expect(sent.status == 0, "\(sent.stderr)")
                #expect(sent.stdout.contains("\(token.prefix(12))… production: delivered to APNs"), "\(sent.stdout)")
                let received = try #require(fake.received.first)
                #expect(fake.received.count == 1 && received.http2 && received.issuedAt != nil && received.token == token)
                #expect(received.json["type"] as? String == "test")

                fake.script(token, [(400, "DeviceTokenNotForTopic")])
                let refused = try await ParlorProcess.run(["push", "test", "--user", "boss"], in: directory, environment: apns)
                #expect(refused.status == 70)
                #expect(refused.stdout.contains("refused (400 DeviceTokenNotForTopic)"), "\(refused.stdout)")

                var partial = apns
                partial["PARLOR_APNS_KEY_ID"] = nil
                let misconfigured = try await ParlorProcess.run(["push", "test", "--user", "boss"], in: directory, environment: partial)
                #expect(misconfigured.status == 64 && misconfigured.stderr.contains("APNs needs all of"))
            }
            // The token was deactivated by APNs' answer; the user now has no device, and nobody has one.
            let none = try await ParlorProcess.run(["push", "test", "--user", "boss"], in: directory)
            #expect(none.status == 66 && none.stderr.contains("no device"), "\(none.stderr)")
            let unknown = try await ParlorProcess.run(["push", "test", "--user", "nobody"], in: directory)
            #expect(unknown.status == 64 && unknown.stderr.contains("there is no user nobody"))
        }
    }

    private func post(_ path: String, _ body: String, port: Int, token: String? = nil) async throws -> TestClient.Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let fields = headers
        return try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(
                TestClient.Request(path, method: .post, authority: "127.0.0.1:\(port)", headers: fields, body: ByteBuffer(string: body)))
        }
    }
}
