import Foundation
import HTTPTypes
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SignInProviders
import SQLKit

/// Who made an authenticated request.
package struct AuthenticatedUser: Sendable, Equatable {
    package var userID: String
    package var sessionID: String
    /// The caller's staff role; nil for a player.
    package var role: StaffRole?

    package var isAdmin: Bool { role == .admin }

    package init(userID: String, sessionID: String, role: StaffRole?) {
        self.userID = userID
        self.sessionID = sessionID
        self.role = role
    }
}

/// A signed-in session as handed to a client: the stored session and its signed access token.
struct IssuedSession: Sendable {
    var session: AccountService.StoredSession
    var accessToken: String
}

/// ParlorAccounts: users, sessions, tokens and sign-in, with their routes, tables and migrations.
/// Other capabilities reach users only through `Interface/` (and ``authenticate()``), never its tables.
///
/// Accounts, sign-in, sessions and tokens: the logic behind the auth and users routes.
package struct AccountService: Sendable {
    package let database: Database
    package let configuration: AccountsConfiguration
    let keys: SigningKeyRing
    let hasher: PasswordHasher
    let limiter: RateLimiter
    let mailer: any Mailer
    let resets = ResetQueue()
    let verifier: SignInVerifier
    /// Where ended sessions are announced, so every node closes their connections.
    let bus: any EventBus
    package let now: @Sendable () -> Date

    static let platformAudience = "parlor"

    package init(
        database: Database, configuration: AccountsConfiguration, mailer: any Mailer, verifier: SignInVerifier, bus: any EventBus,
        now: @escaping @Sendable () -> Date
    ) {
        self.database = database
        self.bus = bus
        self.configuration = configuration
        self.keys = SigningKeyRing(
            database: database, encryption: configuration.keyEncryption, now: now, rotationInterval: configuration.keyRotationInterval, retention: configuration.keyRetention)
        self.hasher = PasswordHasher(cost: configuration.bcryptCost)
        self.limiter = RateLimiter(database: database, now: now)
        self.mailer = mailer
        self.verifier = verifier
        self.now = now
    }

    var logger: Logger { database.logger }

    /// The caller named by the request's bearer token, or 401.
    package func authenticate() async throws -> AuthenticatedUser {
        if let checked = AuthenticatedCaller.current { return checked }
        guard let token = RequestOrigin.current.bearerToken else {
            throw APIError.unauthorized("sign in first: send 'Authorization: Bearer <access token>'")
        }
        return try await authenticate(token: token)
    }

    /// The caller when the request carries a bearer token (which must then be valid), else nil.
    package func optionalUser() async throws -> AuthenticatedUser? {
        guard let token = RequestOrigin.current.bearerToken else { return nil }
        return try await authenticate(token: token)
    }

    /// The caller when they are an admin, else 403 (401 when not signed in).
    package func requireAdmin() async throws -> AuthenticatedUser { try await require(.admin) }

    /// The caller when they are staff (an admin or a moderator), else 403.
    package func requireStaff() async throws -> AuthenticatedUser { try await require(.moderator) }

    private func require(_ needed: StaffRole) async throws -> AuthenticatedUser {
        let user = try await authenticate()
        guard let role = user.role, role.covers(needed) else {
            throw APIError.forbidden(needed == .admin ? "this needs the admin role" : "this needs the moderator or admin role")
        }
        return user
    }

    package func authenticate(token: String) async throws -> AuthenticatedUser {
        let claims: TokenClaims
        do {
            claims = try await keys.verify(token, issuer: configuration.issuer, audience: Self.platformAudience, lifetime: configuration.accessTokenLifetime)
        } catch .expired {
            throw APIError.unauthorized("the access token has expired; refresh it", code: "token_expired")
        } catch {
            throw APIError.unauthorized("invalid access token: \(error)", code: "invalid_token")
        }
        let current = now().millis
        // A read only: activity is noted at sign-in and refresh, so authenticated reads never take
        // SQLite's write lock.
        let live = try await database.withConnection { sql in try await SessionStore.liveUser(session: claims.sid, now: current, on: sql) }
        guard let live, live.userID == claims.sub else {
            throw APIError.sessionEnded
        }
        return AuthenticatedUser(userID: live.userID, sessionID: claims.sid, role: live.role)
    }

    /// A session as stored (written inside a transaction); its access token is signed after the commit.
    struct StoredSession: Sendable {
        var user: UserRecord
        var identities: [IdentityRecord]
        var sessionID: String
        var refreshToken: String
        var isNew: Bool
    }

    /// Starts a new session for `user` inside the caller's transaction.
    func startSession(for user: UserRecord, isNew: Bool, on sql: any SQLDatabase) async throws -> StoredSession {
        // Every way of signing in ends here: a suspended account is refused whatever the provider.
        try await ensureNotSuspended(user.id, on: sql)
        let origin = RequestOrigin.current
        let refresh = Secrets.randomToken()
        let current = now().millis
        let session = SessionStore.NewSession(
            id: UUID().uuidString.lowercased(), userID: user.id, now: current,
            expiresAt: current + configuration.refreshTokenLifetime.milliseconds, refreshHash: Secrets.hash(refresh),
            clientAddress: origin.clientAddress, userAgent: origin.userAgent)
        try await SessionStore.create(session, on: sql)
        try await UserStore.touch(user.id, at: current, on: sql)
        let identities = try await UserStore.identities(of: user.id, on: sql)
        return StoredSession(
            user: UserStore.touched(user, at: current), identities: identities, sessionID: session.id, refreshToken: refresh, isNew: isNew)
    }

    /// Runs `body` in a transaction, then signs the access token of the session it started.
    ///
    /// Signing may read the key table, which needs a connection of its own: SQLite has only one, held
    /// by the transaction until it commits.
    func issuingSession(_ body: @escaping @Sendable (any SQLDatabase) async throws -> StoredSession) async throws -> IssuedSession {
        // Read here: on SQLite the transaction's body may run outside this task and its task-locals.
        let locale = RequestLocale.current
        let pending = try await transaction { sql in
            var session = try await body(sql)
            // An account without a language takes this sign-in's `Accept-Language`.
            if session.user.locale == nil, let locale {
                try await UserStore.adoptLocale(locale, for: session.user.id, on: sql)
                session.user.locale = locale
            }
            return session
        }
        return IssuedSession(session: pending, accessToken: try await accessToken(for: pending.user, session: pending.sessionID))
    }

    func accessToken(for user: UserRecord, session: String, audience: String = platformAudience, lifetime: Duration? = nil) async throws -> String {
        let issuedAt = Int64(now().timeIntervalSince1970)
        let claims = TokenClaims(
            iss: configuration.issuer, sub: user.id, aud: audience,
            exp: issuedAt + Int64((lifetime ?? configuration.accessTokenLifetime).wholeSeconds), iat: issuedAt,
            sid: session, username: user.username, name: user.displayName)
        return try await keys.sign(claims)
    }

    /// Runs `body` in a transaction; on a unique-key race with a concurrent request, runs it once more.
    package func transaction<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await announcing { sql, _ in try await body(sql) }
    }

    /// ``transaction(_:)`` with the notices `body` announces, sent when, and only when, it commits.
    func announcing<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, Announcements) async throws -> Result) async throws -> Result {
        do {
            return try await bus.transaction(on: database, body)
        } catch let error as APIError {
            throw error
        } catch {
            logger.debug("retrying a transaction after \(error)")
            return try await bus.transaction(on: database, body)
        }
    }
}
