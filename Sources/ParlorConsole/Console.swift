import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorDatabase

/// How long console sessions last and when their cookie is `Secure`.
public struct ConsoleConfiguration: Sendable {
    /// A session unused this long has ended.
    public var idleTimeout: Duration = .seconds(30 * 60)
    /// A session ends this long after sign-in, however busy.
    public var lifetime: Duration = .seconds(12 * 60 * 60)
    /// Whether the cookie is `Secure`: true, false, or nil to decide per request (true when a
    /// trusted proxy says the browser came over TLS with `X-Forwarded-Proto: https`).
    public var secureCookies: Bool?
    /// Whether `X-Forwarded-Proto` is believed (the server runs behind a proxy that sets it).
    public var trustForwardedProto = false
    /// The issuer an authenticator app shows beside a staff member's code.
    public var totpIssuer = "Parlor"

    public init() {}
}

/// The operator console: its dependencies, shared by every page.
///
/// Pages call the admin API's own handlers (``api``) as the signed-in staff member, so the console
/// can do exactly what the admin API allows, under the same role checks and audit trail.
package struct Console: Sendable {
    package let api: any APIProtocol
    package let accounts: AccountService
    package let database: Database
    package let configuration: ConsoleConfiguration
    package let now: @Sendable () -> Date
    package let renderer: ConsoleRenderer
    package let views: ConsoleViews

    package init(
        api: any APIProtocol, accounts: AccountService, database: Database, configuration: ConsoleConfiguration,
        now: @escaping @Sendable () -> Date, views: ConsoleViews
    ) throws {
        self.api = api
        self.accounts = accounts
        self.database = database
        self.configuration = configuration
        self.now = now
        self.renderer = try ConsoleRenderer()
        self.views = views
    }

    package var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }
    var idleMillis: Int64 { Self.millis(configuration.idleTimeout) }
    var lifetimeMillis: Int64 { Self.millis(configuration.lifetime) }

    static func millis(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

/// What the console draws with parts only the server assembles (a game's position as SVG, the
/// node's metrics history); the server fills these in.
package struct ConsoleViews: Sendable {
    /// A game's current position as a spectator sees it (nil for no such game, or one not dealt yet).
    package var gamePosition: @Sendable (_ game: UUID) async throws -> ConsoleGamePosition? = { _ in nil }
    /// This node's move rate and round trip over the last hour, for the overview's charts.
    package var metrics: MetricsHistory?
    package init() {}
}
