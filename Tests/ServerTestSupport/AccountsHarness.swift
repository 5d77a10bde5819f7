import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import ParlorAccounts
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import SQLKit
import TestSupport

/// A live server with accounts, its clock, its mail folder and fake sign-in providers.
public struct AccountsHarness: Sendable {
    public let client: any TestClientProtocol
    public let clock: ManualClock
    public let mail: URL
    public let database: Database
    public let fakes: FakeProviders

    public static let appleClientID = TestServer.appleClientID
    public static let discordRedirect = TestServer.discordRedirect

    public init(_ server: TestServer) throws {
        client = server.client
        clock = server.clock
        mail = server.mail
        database = server.database
        fakes = try server.fakeProviders()
    }

    /// How many rows `table` holds.
    public func count(_ table: String) async throws -> Int {
        try await database.withConnection { sql in try await sql.select().column(SQLLiteral.all).from(table).all().count }
    }

    /// The mail once `count` messages have been written (resets are mailed in the background),
    /// oldest first; waits up to 30 s, a bound on a hang.
    public func waitForMails(_ count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let written = try mails()
            if written.count >= count || ContinuousClock.now > deadline { return written }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Mail written so far, oldest first.
    public func mails() throws -> [String] {
        // A mail being written is a hidden temporary file until it is renamed into place.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: mail.path)) ?? []).filter { !$0.hasPrefix(".") }
        return try names.sorted().map { try String(contentsOf: mail.appendingPathComponent($0), encoding: .utf8) }
    }
}

/// Runs `body` against a fresh server on `kind`, configured to use the fake providers, on a clock the test moves.
public func withAccountsServer(
    kind: TestDatabaseKind = .sqlite,
    mailer: (any Mailer)? = nil,
    _ adjust: @escaping @Sendable (inout AccountsConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (AccountsHarness) async throws -> Void
) async throws {
    try await withServer(
        ServerOptions(kind: kind, manualClock: true, fakes: .providers, accounts: adjust, services: { if let mailer { $0.mailer = mailer } })
    ) { server in try await body(AccountsHarness(server)) }
}

/// A JSON response, decoded loosely for assertions.
public struct Reply: Sendable {
    public let status: HTTPResponse.Status
    public let headers: HTTPFields
    public let data: Data

    public init(status: HTTPResponse.Status, headers: HTTPFields, data: Data) {
        self.status = status
        self.headers = headers
        self.data = data
    }

    public var json: [String: any Sendable] {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: any Sendable]) ?? [:]
    }

    public subscript(key: String) -> String? { json[key] as? String }

    /// The error envelope's code, when this is an error.
    public var errorCode: String? { (json["error"] as? [String: any Sendable])?["code"] as? String }

    /// The fields an `invalid_fields` error names.
    public var invalidFields: [String] {
        let fields = (json["error"] as? [String: any Sendable])?["fields"] as? [[String: any Sendable]] ?? []
        return fields.compactMap { $0["field"] as? String }
    }

    public var user: [String: any Sendable] { json["user"] as? [String: any Sendable] ?? [:] }
}

extension AccountsHarness {
    /// Sends `body` (a JSON object) to `path`, with a bearer token or app credentials when given.
    @discardableResult
    public func call(
        _ path: String, _ body: [String: any Sendable]? = nil, method: HTTPRequest.Method = .post, token: String? = nil,
        basic: (String, String)? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let basic { headers[.authorization] = "Basic " + Data("\(basic.0):\(basic.1)".utf8).base64EncodedString() }
        var buffer: ByteBuffer?
        if let body {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(data: try JSONSerialization.data(withJSONObject: body))
        }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: buffer)
        return Reply(status: response.status, headers: response.headers, data: Data(buffer: response.body))
    }

    /// Registers a password account and returns the sign-in reply.
    public func register(_ username: String, password: String = "correct horse battery", email: String? = nil) async throws -> Reply {
        var body: [String: any Sendable] = ["username": username, "password": password]
        if let email { body["email"] = email }
        return try await call("/auth/register", body)
    }

    /// Signs in a new guest and returns its access and refresh tokens.
    public func guest(_ device: String = UUID().uuidString) async throws -> Reply {
        try await call("/auth/guest", ["device_id": device])
    }

    /// Creates an admin through the command-line path and signs in as it.
    public func admin() async throws -> String {
        _ = try await AdminAccounts.create(username: "root_admin", password: "admin password 123", in: database, bcryptCost: 4)
        let reply = try await call("/auth/login", ["login": "root_admin", "password": "admin password 123"])
        return reply["access_token"] ?? ""
    }
}
