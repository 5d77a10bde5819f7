import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import Testing
import TestSupport

/// `parlor admin create`: the first admin, made where no admin exists to make one.
@Suite struct AdminCommandTests {
    @Test func createsAnAdminWhoCanSignInAndManageTheCatalogue() async throws {
        try await withTemporaryDirectory { directory in
            let environment = ["PARLOR_BCRYPT_COST": "4", "PARLOR_ADMIN_PASSWORD": "a long admin secret"]
            let created = try await ParlorProcess.run(["admin", "create", "--username", "boss"], in: directory, environment: environment)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.hasPrefix("created admin boss ("))

            let weak = try await ParlorProcess.run(
                ["admin", "create", "--username", "other"], in: directory, environment: ["PARLOR_ADMIN_PASSWORD": "short"])
            #expect(weak.status == 64)
            #expect(weak.stderr.contains("password must be at least 10 characters"))

            // Without the variable the password is read from standard input.
            let piped = try await ParlorProcess.run(
                ["admin", "create", "--username", "deputy"], in: directory, environment: ["PARLOR_BCRYPT_COST": "4"],
                input: Data("another admin secret\n".utf8))
            #expect(piped.status == 0, "\(piped.stderr)")

            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: environment)
            let port = try await server.waitUntilListening()
            let signIn = try await post("/auth/login", #"{"login":"boss","password":"a long admin secret"}"#, port: port)
            #expect(signIn.status == .ok)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: signIn.body ?? ByteBuffer())) as? [String: Any])?["access_token"] as? String)
            let roles = try await post("/admin/miniapps", "{}", port: port, token: token)
            #expect(roles.status == .badRequest, "an admin reaches validation, not 403")
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)

            let promoted = try await ParlorProcess.run(["admin", "create", "--username", "BOSS"], in: directory, environment: environment)
            #expect(promoted.stdout.hasPrefix("gave BOSS ("))
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
