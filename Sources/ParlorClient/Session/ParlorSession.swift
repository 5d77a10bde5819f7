import Foundation
import OpenAPIRuntime
import ParlorAPI

/// A signed-in session on one device: hands out an access token that is valid, refreshing it
/// shortly before it expires and after the server refuses it, with exactly one refresh in
/// flight however many calls need one at once. A refresh the server refuses (the refresh token
/// expired, was revoked, or was used already: someone replayed it) signs the client out cleanly:
/// the stored credentials are cleared and ``events`` says so.
public actor ParlorSession {
    public enum Event: Sendable, Equatable {
        case signedIn(userID: String)
        case refreshed
        case signedOut(SignOutReason)
    }

    public enum SignOutReason: Sendable, Equatable {
        /// The app asked.
        case requested
        /// The server refused to renew the session: sign in again.
        case sessionExpired
        /// Staff suspended the account until a time (nil: banned); signing in again is refused until then.
        case accountSuspended(until: Date?)
    }

    /// What a refresh came to.
    public enum Renewal: Sendable, Equatable {
        case renewed(ParlorCredentials)
        case refused
        /// Refused because the account is suspended (until a time; nil for a ban).
        case suspended(until: Date?)
    }

    let store: any CredentialStore
    let renew: @Sendable (_ refreshToken: String) async throws -> Renewal
    let now: @Sendable () -> Date
    /// Refresh this long before the access token expires, so a request never leaves with one
    /// that dies on the way.
    let leeway: TimeInterval
    private var credentials: ParlorCredentials?
    private var loaded = false
    private var refreshing: (id: UUID, task: Task<ParlorCredentials, any Error>)?
    public nonisolated let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    public init(
        store: any CredentialStore, leeway: TimeInterval = 60, now: @escaping @Sendable () -> Date = Date.init,
        renew: @escaping @Sendable (_ refreshToken: String) async throws -> Renewal
    ) {
        self.store = store
        self.renew = renew
        self.now = now
        self.leeway = leeway
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
    }

    /// The session's credentials, read from the store the first time.
    public func current() async throws -> ParlorCredentials? {
        if !loaded {
            credentials = try await store.load()
            loaded = true
        }
        return credentials
    }

    /// Starts a session with credentials the server just gave (a sign-in, a link).
    public func signedIn(_ credentials: ParlorCredentials) async throws {
        try await store.save(credentials)
        self.credentials = credentials
        loaded = true
        continuation.yield(.signedIn(userID: credentials.userID))
    }

    /// Forgets the session on this device (the caller tells the server first, when it can).
    public func signOut(_ reason: SignOutReason = .requested) async throws {
        credentials = nil
        loaded = true
        try await store.clear()
        continuation.yield(.signedOut(reason))
    }

    /// An access token valid for at least ``leeway`` seconds more.
    public func accessToken() async throws -> String {
        guard let credentials = try await current() else { throw ParlorSessionError.notSignedIn }
        if credentials.accessExpiresAt.timeIntervalSince(now()) > leeway { return credentials.accessToken }
        return try await refresh().accessToken
    }

    /// After the server refused `rejected` (401): the token to try again with, refreshed unless
    /// another call has refreshed it meanwhile.
    public func token(afterRejecting rejected: String) async throws -> String {
        guard let credentials = try await current() else { throw ParlorSessionError.notSignedIn }
        if credentials.accessToken != rejected { return credentials.accessToken }
        return try await refresh().accessToken
    }

    /// Joins the refresh in flight, or starts one.
    private func refresh() async throws -> ParlorCredentials {
        if let refreshing { return try await refreshing.task.value }
        guard let credentials else { throw ParlorSessionError.notSignedIn }
        let id = UUID()
        let renew = self.renew
        let task = Task { () throws -> ParlorCredentials in
            switch try await renew(credentials.refreshToken) {
            case .renewed(let fresh): return fresh
            case .refused: throw ParlorSessionError.sessionExpired
            case .suspended(let until): throw ParlorSessionError.accountSuspended(until: until)
            }
        }
        refreshing = (id, task)
        defer { if refreshing?.id == id { refreshing = nil } }
        do {
            let fresh = try await task.value
            try await store.save(fresh)
            self.credentials = fresh
            continuation.yield(.refreshed)
            return fresh
        } catch ParlorSessionError.sessionExpired {
            try await signOut(.sessionExpired)
            throw ParlorSessionError.sessionExpired
        } catch ParlorSessionError.accountSuspended(let until) {
            try await signOut(.accountSuspended(until: until))
            throw ParlorSessionError.accountSuspended(until: until)
        }
    }
}

public enum ParlorSessionError: Error, Equatable, CustomStringConvertible {
    case notSignedIn
    case sessionExpired
    case accountSuspended(until: Date?)
    /// The refresh route answered what its contract does not list.
    case unexpectedStatus(Int)

    public var description: String {
        switch self {
        case .notSignedIn: "not signed in"
        case .sessionExpired: "the session has expired; sign in again"
        case .accountSuspended(let until): until.map { "the account is suspended until \($0)" } ?? "the account is banned"
        case .unexpectedStatus(let status): "the server answered a refresh with HTTP \(status)"
        }
    }
}

extension ParlorCredentials {
    /// The credentials of an `AuthSession` the server answered at `time`.
    public init(_ session: Components.Schemas.AuthSession, at time: Date) {
        self.init(
            userID: session.user.id, accessToken: session.accessToken, accessExpiresAt: time.addingTimeInterval(TimeInterval(session.expiresIn)),
            refreshToken: session.refreshToken, refreshExpiresAt: time.addingTimeInterval(TimeInterval(session.refreshExpiresIn)))
    }
}

extension ParlorSession {
    /// Renews through `client`, which must not carry a ``SessionMiddleware`` (it would wait on
    /// its own refresh): a 200 renews, a 400 or 401 refuses, anything else is an error to retry.
    public static func renewal(
        through client: Client, now: @escaping @Sendable () -> Date = Date.init
    ) -> @Sendable (String) async throws -> Renewal {
        { refreshToken in
            let output: Operations.RefreshSession.Output
            do {
                output = try await client.refreshSession(body: .json(.init(refreshToken: refreshToken)))
            } catch {
                // A client that throws answers as errors (``ErrorEnvelopeMiddleware``) refuses this way.
                let refusal = ParlorError(error)
                if refusal.kind == .accountSuspended { return .suspended(until: refusal.suspendedUntil) }
                if let status = refusal.status, status == 400 || status == 401 { return .refused }
                throw error
            }
            switch output {
            case .ok(let ok): return .renewed(ParlorCredentials(try ok.body.json, at: now()))
            case .unauthorized, .badRequest: return .refused
            case .forbidden(let refused):
                let envelope = try? refused.body.json
                guard envelope?.error.code == "account_suspended" else { throw ParlorSessionError.unexpectedStatus(403) }
                return .suspended(until: envelope?.error.suspendedUntil)
            case .default(let status, _): throw ParlorSessionError.unexpectedStatus(status)
            }
        }
    }
}
