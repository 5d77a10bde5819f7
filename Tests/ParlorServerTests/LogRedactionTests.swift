import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import ParlorDatabase
@testable import ParlorHTTP
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// No credential reaches the log: not a request's bearer token or cookie, not a password, refresh
/// token, code or signed payload from its body, not even when its handler fails unexpectedly.
@Suite("Secrets stay out of the log")
struct LogRedactionTests {
    static let token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2lnbmF0dXJlLWJ5dGVz"

    @Test("a handler that fails logs its operation and cause, not the request's token, cookie, password or refresh token")
    func failingHandlers() async throws {
        let log = RecordedLog()
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let app = try await ParlorApplication.build(
                configuration: ServerConfiguration(port: 0), database: database, services: .forTests(), logger: log.logger(level: .info))
            try await app.test(.live) { client in
                // Without their tables, both handlers fail in a way no client caused.
                try await database.withConnection { sql in
                    try await sql.raw("DROP TABLE refresh_tokens").run()
                    try await sql.raw("DROP TABLE users").run()
                }
                let headers: HTTPFields = [
                    .contentType: "application/json", .authorization: "Bearer \(Self.token)", .cookie: "session=cookie-secret-42",
                ]
                let login = try await client.execute(
                    uri: "/auth/login", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"login":"ann","password":"hunter2 hunter2"}"#))
                let refresh = try await client.execute(
                    uri: "/auth/refresh", method: .post, headers: headers, body: ByteBuffer(string: #"{"refresh_token":"rt-secret-0123456789"}"#))
                #expect(login.status == .internalServerError && refresh.status == .internalServerError)
                let device = try await client.execute(uri: "/push/devices/devtoken-0123456789abcdef", method: .delete, headers: headers)
                #expect(device.status == .unauthorized)
            }
        }
        let errors = log.text.filter { $0.contains("unhandled error") }
        #expect(errors.count == 2, "both failures are logged: \(log.text)")
        #expect(errors.contains { $0.contains("signInWithPassword:") } && errors.contains { $0.contains("refreshSession:") }, "each names its operation: \(errors)")
        #expect(log.text.contains { $0.contains("/push/devices/{token}") }, "a device's path is logged as its route")
        for secret in [Self.token, "eyJhbGciOiJFUzI1NiJ9", "cookie-secret-42", "hunter2", "rt-secret-0123456789", "devtoken-0123456789abcdef"] {
            #expect(!log.text.contains { $0.contains(secret) }, "\(secret) reached the log")
        }
    }

    @Test(
        "redaction scrubs each spelling of a credential and keeps the rest",
        arguments: [
            (#"{"password":"hunter2","login":"ann"}"#, #"{"password":"<redacted>","login":"ann"}"#),
            (#"body: LoginRequest(login: "ann", password: "p w d")"#, #"body: LoginRequest(login: "ann", password: "<redacted>")"#),
            (#"refreshToken: "abc\"def", next: 1"#, #"refreshToken: "<redacted>", next: 1"#),
            ("[authorization: Bearer abc.def-ghi, accept: */*]", "[authorization: <redacted> <redacted>, accept: */*]"),
            ("Cookie: session=s3cret; theme=dark", "Cookie: <redacted>"),
            ("GET /auth/discord/callback?code=Zx81&state=ok", "GET /auth/discord/callback?code=<redacted>&state=ok"),
            (#"signed_payload: "eyJhbGciOiJFUzI1NiJ9.e30.sig""#, #"signed_payload: "<redacted>""#),
            ("jws eyJhbGciOiJFUzI1NiJ9.e30.c2ln in the text", "jws <redacted> in the text"),
            (#"newPassword: "x", clientSecret: "y", device_token=z"#, #"newPassword: "<redacted>", clientSecret: "<redacted>", device_token=<redacted>"#),
            ("status_code: 500, statusCode: 404, error_code=E1", "status_code: 500, statusCode: 404, error_code=E1"),
            ("no such table: refresh_tokens", "no such table: refresh_tokens"),
        ])
    func scrubs(input: String, expected: String) {
        #expect(LogRedaction.redact(input) == expected)
    }
}
