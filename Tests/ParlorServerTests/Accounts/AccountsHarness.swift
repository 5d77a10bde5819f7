import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
@testable import ParlorAccounts
import ParlorDatabase
@testable import ParlorHTTP
@testable import ParlorMiniApps
@testable import ParlorPlay
@testable import ParlorRealtime
import ParlorServer
@testable import ParlorSync
import ParlorTestSupport
import ServerTestSupport
import SignInProviders
import SQLKit
import Synchronization

/// A clock the test moves by hand.
final class TestClock: Sendable {
    // Starts at the real time, so tokens the fake providers sign for "now" are current.
    private let current = Mutex(Date())

    func now() -> Date { current.withLock { $0 } }

    func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A live server with accounts, its clock, its mail folder and fake sign-in providers.
struct AccountsHarness: Sendable {
    let client: any TestClientProtocol
    let clock: TestClock
    let mail: URL
    let database: Database
    let fakes: FakeProviders

    static let appleClientID = "com.parlor.quortex"
    static let discordRedirect = "quortex://discord"

    /// How many rows `table` holds.
    func count(_ table: String) async throws -> Int {
        try await database.withConnection { sql in try await sql.select().column(SQLLiteral.all).from(table).all().count }
    }

    /// The mail once `count` messages have been written (resets are mailed in the background),
    /// oldest first; waits up to 30 s, a bound on a hang.
    func waitForMails(_ count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let written = try mails()
            if written.count >= count || ContinuousClock.now > deadline { return written }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Mail written so far, oldest first.
    func mails() throws -> [String] {
        // A mail being written is a hidden temporary file until it is renamed into place.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: mail.path)) ?? []).filter { !$0.hasPrefix(".") }
        return try names.sorted().map { try String(contentsOf: mail.appendingPathComponent($0), encoding: .utf8) }
    }
}

/// Runs `body` against a fresh server on `kind`, configured to use the fake providers.
func withAccountsServer(
    kind: TestDatabaseKind = .sqlite,
    mailer: (any Mailer)? = nil,
    _ adjust: @escaping @Sendable (inout AccountsConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (AccountsHarness) async throws -> Void
) async throws {
    try await FakeProviders.run { fakes in
        try await kind.withDatabase(migrated: true) { database in
            let clock = TestClock()
            let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: mail) }
            var services = ParlorServices.forTests(mailDirectory: mail, now: { clock.now() }) { accounts in
                accounts.apple = .init(keysURL: fakes.appleKeysURL, clientIDs: [AccountsHarness.appleClientID])
                accounts.discord = .init(
                    apiBaseURL: fakes.discordAPIBaseURL, clientID: fakes.discordClientID, clientSecret: fakes.discordClientSecret,
                    redirectURIs: [AccountsHarness.discordRedirect])
                accounts.facebook = .init(
                    graphBaseURL: fakes.facebookGraphBaseURL, appID: fakes.facebookAppID, appSecret: fakes.facebookAppSecret,
                    limitedLoginKeysURL: fakes.facebookLimitedKeysURL)
                adjust(&accounts)
            }
            if let mailer { services.mailer = mailer }
            let app = try await ParlorApplication.build(
                configuration: ServerConfiguration(port: 0), database: database, services: services, logger: .quiet)
            try await app.test(.live) { client in
                try await body(AccountsHarness(client: client, clock: clock, mail: mail, database: database, fakes: fakes))
            }
        }
    }
}

/// A JSON response, decoded loosely for assertions.
struct Reply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let data: Data

    var json: [String: any Sendable] {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: any Sendable]) ?? [:]
    }

    subscript(key: String) -> String? { json[key] as? String }

    /// The error envelope's code, when this is an error.
    var errorCode: String? { (json["error"] as? [String: any Sendable])?["code"] as? String }

    /// The fields an `invalid_fields` error names.
    var invalidFields: [String] {
        let fields = (json["error"] as? [String: any Sendable])?["fields"] as? [[String: any Sendable]] ?? []
        return fields.compactMap { $0["field"] as? String }
    }

    var user: [String: any Sendable] { json["user"] as? [String: any Sendable] ?? [:] }
}

extension AccountsHarness {
    /// Sends `body` (a JSON object) to `path`, with a bearer token or app credentials when given.
    @discardableResult
    func call(
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
    func register(_ username: String, password: String = "correct horse battery", email: String? = nil) async throws -> Reply {
        var body: [String: any Sendable] = ["username": username, "password": password]
        if let email { body["email"] = email }
        return try await call("/auth/register", body)
    }

    /// Signs in a new guest and returns its access and refresh tokens.
    func guest(_ device: String = UUID().uuidString) async throws -> Reply {
        try await call("/auth/guest", ["device_id": device])
    }

    /// Creates an admin through the command-line path and signs in as it.
    func admin() async throws -> String {
        _ = try await AdminAccounts.create(username: "root_admin", password: "admin password 123", in: database, bcryptCost: 4)
        let reply = try await call("/auth/login", ["login": "root_admin", "password": "admin password 123"])
        return reply["access_token"] ?? ""
    }
}
