import AsyncHTTPClient
import CrazyEights
import Foundation
import GameCore
import Hummingbird
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ParlorNotifications
import ParlorPurchases
import ParlorServer
import ParlorTestSupport
import Quortex
import SignInProviders
import TestSupport

/// How ``withServer(_:_:)`` sets up the real application: its database, its configuration, the
/// changes a test makes to the standard test services, extra routes, and the fakes it talks to.
public struct ServerOptions: Sendable {
    /// Fakes on loopback that the server is configured to reach.
    public struct Fakes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Apple, Discord and Facebook sign-in (``FakeProviders``).
        public static let providers = Fakes(rawValue: 1 << 0)
        /// APNs over HTTP/2 and TLS (``FakeAPNs``); the push sender runs every 20 ms.
        public static let apns = Fakes(rawValue: 1 << 1)
    }

    /// The kind of the fresh database, when ``location`` is nil.
    public var kind: TestDatabaseKind
    /// Whether the fresh database has every capability's tables.
    public var migrated: Bool
    /// An existing (migrated) database to open instead of a fresh one, as a second node does.
    public var location: DatabaseLocation?
    public var configuration: ServerConfiguration
    /// Over loopback sockets (`.live`) or in process through the router (`.router`).
    public var mode: TestingSetup
    public var games: GameRegistry
    /// Whether the server reads ``TestServer/clock`` (moved by hand) instead of the real time.
    public var manualClock: Bool
    public var fakes: Fakes
    /// A fake App Store whose root purchases trust, granting Sandbox purchases only.
    public var appStore: FakeAppStore?
    /// Changes to the accounts configuration (after bcrypt cost 4 and the fake providers).
    public var accounts: @Sendable (inout AccountsConfiguration) -> Void
    /// Changes to the services, made last.
    public var services: @Sendable (inout ParlorServices) -> Void
    public var additionalRoutes: @Sendable (RouteRegistrar) -> Void

    public init(
        kind: TestDatabaseKind = .sqlite, migrated: Bool = true, location: DatabaseLocation? = nil,
        configuration: ServerConfiguration = ServerConfiguration(port: 0), mode: TestingSetup = .live,
        games: GameRegistry = GameRegistry([Quortex.self, CrazyEights.self]), manualClock: Bool = false, fakes: Fakes = [],
        appStore: FakeAppStore? = nil,
        accounts: @escaping @Sendable (inout AccountsConfiguration) -> Void = { _ in },
        services: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
        additionalRoutes: @escaping @Sendable (RouteRegistrar) -> Void = { _ in }
    ) {
        self.kind = kind
        self.migrated = migrated
        self.location = location
        self.configuration = configuration
        self.mode = mode
        self.games = games
        self.manualClock = manualClock
        self.fakes = fakes
        self.appStore = appStore
        self.accounts = accounts
        self.services = services
        self.additionalRoutes = additionalRoutes
    }

    /// What the online-play tests run: no rate limits on their many quick sign-ins, and each
    /// node's turn timer every `timerInterval`.
    public static func onlinePlay(
        kind: TestDatabaseKind = .sqlite, timerInterval: Duration = .milliseconds(50), fakes: Fakes = [], appStore: FakeAppStore? = nil,
        _ configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in }
    ) -> ServerOptions {
        ServerOptions(
            kind: kind, fakes: fakes, appStore: appStore, accounts: { $0.rateLimits = .off },
            services: { services in
                services.turnTimerInterval = timerInterval
                configure(&services)
            })
    }
}

/// The running server a test talks to, and what it was set up with.
public struct TestServer: Sendable {
    /// Connected to the server (over a socket in `.live` mode).
    public let client: any TestClientProtocol
    public let database: Database
    /// Where the server writes mail.
    public let mail: URL
    /// The server's time when ``ServerOptions/manualClock`` is set.
    public let clock: ManualClock
    public let providers: FakeProviders?
    public let apns: FakeAPNs?
    public let appStore: FakeAppStore?

    /// The client id Apple sign-in accepts, and Discord's redirect, with ``ServerOptions/Fakes/providers``.
    public static let appleClientID = "com.parlor.quortex"
    public static let discordRedirect = "quortex://discord"

    /// The fakes, which are there when ``ServerOptions/fakes`` (or ``ServerOptions/appStore``) asked for them.
    public func fakeProviders() throws -> FakeProviders {
        guard let providers else { throw TestSetupError("the server runs without fake sign-in providers") }
        return providers
    }

    public func fakeAPNs() throws -> FakeAPNs {
        guard let apns else { throw TestSetupError("the server runs without a fake APNs") }
        return apns
    }

    public func fakeAppStore() throws -> FakeAppStore {
        guard let appStore else { throw TestSetupError("the server runs without a fake App Store") }
        return appStore
    }

    /// The server's base URL on its ephemeral port (`.live` only).
    public func url() throws -> URL {
        guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw TestSetupError("no port") }
        return url
    }
}

/// Runs `body` against the real Parlor application, set up as `options` says: on a fresh database
/// (or an existing one), with fast password hashing, mail into a throwaway folder, `/ready` patient
/// with a busy machine, and the fakes asked for running on loopback.
public func withServer<Result: Sendable>(
    _ options: ServerOptions = ServerOptions(), _ body: @escaping @Sendable (TestServer) async throws -> Result
) async throws -> Result {
    try await withFakeProviders(options.fakes.contains(.providers)) { (providers: FakeProviders?) async throws -> Result in
        try await withFakeAPNs(options.fakes.contains(.apns)) { (apns: RunningAPNs?) async throws -> Result in
            try await withServerDatabase(options) { (database: Database) async throws -> Result in
                try await runServer(options, database: database, providers: providers, apns: apns, body)
            }
        }
    }
}

private func runServer<Result: Sendable>(
    _ options: ServerOptions, database: Database, providers: FakeProviders?, apns: RunningAPNs?,
    _ body: @escaping @Sendable (TestServer) async throws -> Result
) async throws -> Result {
    let clock = ManualClock()
    let mail = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: mail) }
    var now: @Sendable () -> Date = Date.init
    if options.manualClock { now = { clock.now() } }
    var services = ParlorServices.forTests(games: options.games, mailDirectory: mail, now: now) { accounts in
        if let fakes = providers {
            accounts.apple = .init(keysURL: fakes.appleKeysURL, clientIDs: [TestServer.appleClientID])
            accounts.discord = .init(
                apiBaseURL: fakes.discordAPIBaseURL, clientID: fakes.discordClientID, clientSecret: fakes.discordClientSecret,
                redirectURIs: [TestServer.discordRedirect])
            accounts.facebook = .init(
                graphBaseURL: fakes.facebookGraphBaseURL, appID: fakes.facebookAppID, appSecret: fakes.facebookAppSecret,
                limitedLoginKeysURL: fakes.facebookLimitedKeysURL)
        }
        options.accounts(&accounts)
    }
    if let store = options.appStore {
        let standard = PurchasesConfiguration()
        services.purchases = PurchasesConfiguration(catalogue: standard.catalogue, rootPEM: store.rootPEM, environments: ["Sandbox"])
    }
    if let apns {
        services.push = PushConfiguration(transport: apns.transport)
        services.push.interval = .milliseconds(20)
    }
    options.services(&services)
    let app = try await ParlorApplication.build(
        configuration: options.configuration, database: database, services: services, logger: .quiet,
        additionalRoutes: options.additionalRoutes)
    let server = { @Sendable (client: any TestClientProtocol) in
        TestServer(
            client: client, database: database, mail: mail, clock: clock, providers: providers, apns: apns?.fake, appStore: options.appStore)
    }
    return try await app.test(options.mode) { client in try await body(server(client)) }
}

extension ParlorServices {
    /// The standard services for a test: Quortex and Crazy Eights, fast password hashing, mail into
    /// a throwaway folder, `now` for the time, and whatever else `adjust` changes in the accounts.
    public static func forTests(
        games: GameRegistry = GameRegistry([Quortex.self, CrazyEights.self]),
        mailDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-mail-\(UUID().uuidString)"),
        now: @escaping @Sendable () -> Date = Date.init,
        _ adjust: (inout AccountsConfiguration) -> Void = { _ in }
    ) -> ParlorServices {
        var accounts = AccountsConfiguration(publicURL: URL(string: "http://127.0.0.1:8080")!)
        accounts.bcryptCost = 4
        adjust(&accounts)
        var services = ParlorServices(games: games, accounts: accounts, mailer: FileMailer(directory: mailDirectory, logger: .quiet), now: now)
        // A bound on a hang: beside the CPU-bound suites, CI has seen an idle SQLite answer `/ready`'s ping after more than 2 s.
        services.readinessTimeout = .seconds(30)
        return services
    }
}

private func withServerDatabase<Result: Sendable>(
    _ options: ServerOptions, _ body: (Database) async throws -> Result
) async throws -> Result {
    if let location = options.location {
        return try await Database.withOpened(location, logger: .quiet) { database in try await body(database) }
    }
    return try await options.kind.withDatabase(migrated: options.migrated, body)
}

private func withFakeProviders<Result: Sendable>(
    _ wanted: Bool, _ body: (FakeProviders?) async throws -> Result
) async throws -> Result {
    guard wanted else { return try await body(nil) }
    return try await FakeProviders.run { fakes in try await body(fakes) }
}

private struct RunningAPNs: Sendable {
    let fake: FakeAPNs
    let transport: APNsHTTPTransport
}

private func withFakeAPNs<Result: Sendable>(
    _ wanted: Bool, _ body: (RunningAPNs?) async throws -> Result
) async throws -> Result {
    guard wanted else { return try await body(nil) }
    return try await FakeAPNs.run { fake in
        let client = try apnsClient(trusting: fake)
        do {
            let result = try await body(RunningAPNs(fake: fake, transport: try apnsTransport(fake, client: client)))
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
