import Foundation
import OpenAPIRuntime
import ParlorAPI

/// ParlorClient: the one entry point apps and tools use to talk to a Parlor server, over any
/// `ClientTransport` (URLSession on Apple platforms, AsyncHTTPClient on Linux). `api` is the
/// client generated from `openapi.yaml`, signed with the session's token (refreshed as needed)
/// and throwing ``ParlorError`` for every answer outside 2xx; sign-in, linking and sign-out keep
/// the session's stored credentials in step. The real-time connection and the stats-sync
/// provider are built on the same session.
public struct ParlorClient: Sendable {
    public let serverURL: URL
    public let session: ParlorSession
    /// Every operation of the contract, with the session's token where the contract asks for one.
    public let api: Client
    /// Sign-in and refresh: never waits on the session (a refresh would wait on itself).
    let anonymous: Client
    /// Sign-in operations sent with the session's token, which the server takes as "link".
    let linking: Client
    let now: @Sendable () -> Date

    public init(
        serverURL: URL, transport: any ClientTransport, store: any CredentialStore = MemoryCredentialStore(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        let anonymous = Client(serverURL: serverURL, configuration: .parlor, transport: transport, middlewares: [ErrorEnvelopeMiddleware()])
        let session = ParlorSession(store: store, now: now, renew: ParlorSession.renewal(through: anonymous, now: now))
        self.serverURL = serverURL
        self.session = session
        self.anonymous = anonymous
        self.now = now
        self.api = Client(serverURL: serverURL, configuration: .parlor, transport: transport, middlewares: [ErrorEnvelopeMiddleware(), SessionMiddleware(session: session)])
        self.linking = Client(
            serverURL: serverURL, configuration: .parlor, transport: transport, middlewares: [ErrorEnvelopeMiddleware(), SessionMiddleware(session: session, secured: Self.signInOperations)])
    }

    static let signInOperations: Set<String> = [
        "signInAsGuest", "register", "signInWithPassword", "signInWithApple", "signInWithDiscord", "signInWithFacebook",
        "signInWithGameCenter",
    ]

    /// How to sign in (or, signed in, which method to link).
    public enum Method: Sendable, Equatable {
        /// A stable id the device generated (16–128 letters, digits, `-`, `_`, `.`), and the
        /// name a new guest starts with (the server picks one when nil).
        case guest(deviceID: String, displayName: String? = nil)
        case register(username: String, password: String, email: String?)
        case password(login: String, password: String)
        /// Sign in with Apple's identity token and the raw nonce whose hash the app sent Apple; with
        /// the authorization code, the server can revoke the account's Apple tokens when it is deleted.
        case apple(identityToken: String, nonce: String?, displayName: String?, authorizationCode: String? = nil)
        /// Discord's authorization code, with the PKCE verifier the app made.
        case discord(code: String, redirectURI: String, codeVerifier: String?)
        /// Facebook: a classic access token, or Limited Login's id token and nonce.
        case facebook(accessToken: String?, idToken: String?, nonce: String?)
        /// What GameKit's `fetchItems(forIdentityVerificationSignature:)` gave the local player.
        case gameCenter(GameCenterSignature)
    }

    /// GameKit's identity verification signature of the local player, as the server checks it.
    public struct GameCenterSignature: Sendable, Equatable {
        public var playerID: String
        public var bundleID: String
        public var publicKeyURL: URL
        public var signature: Data
        public var salt: Data
        /// Milliseconds since 1970, as GameKit gives it.
        public var timestamp: UInt64
        public var displayName: String?

        public init(playerID: String, bundleID: String, publicKeyURL: URL, signature: Data, salt: Data, timestamp: UInt64, displayName: String?) {
            self.playerID = playerID
            self.bundleID = bundleID
            self.publicKeyURL = publicKeyURL
            self.signature = signature
            self.salt = salt
            self.timestamp = timestamp
            self.displayName = displayName
        }
    }

    /// Signs in and keeps the session; answers the user.
    @discardableResult
    public func signIn(_ method: Method) async throws(ParlorError) -> Components.Schemas.User {
        try await authenticate(method, through: anonymous)
    }

    /// Adds a sign-in method to the signed-in account (a guest keeping their progress, say).
    @discardableResult
    public func link(_ method: Method) async throws(ParlorError) -> Components.Schemas.User {
        try await authenticate(method, through: linking)
    }

    /// Ends the session on the server (on this device, or on every device) and forgets it here.
    /// Forgotten here even when the server cannot be told.
    public func signOut(everywhere: Bool = false) async throws(ParlorError) {
        let told: Result<Void, ParlorError>
        do {
            if everywhere { _ = try await api.logOutEverywhere() } else { _ = try await api.logOut() }
            told = .success(())
        } catch {
            told = .failure(ParlorError(error))
        }
        try await parlorCall { try await session.signOut() }
        if case .failure(let error) = told, error.kind != .notAuthenticated, error.kind != .sessionExpired { throw error }
    }

    private func authenticate(_ method: Method, through client: Client) async throws(ParlorError) -> Components.Schemas.User {
        let answer = try await parlorCall { () -> Components.Schemas.AuthSession in
            switch method {
            case .guest(let deviceID, let name):
                try await client.signInAsGuest(body: .json(.init(deviceId: deviceID, displayName: name))).ok.body.json
            case .register(let username, let password, let email):
                try await client.register(body: .json(.init(username: username, password: password, email: email))).ok.body.json
            case .password(let login, let password):
                try await client.signInWithPassword(body: .json(.init(login: login, password: password))).ok.body.json
            case .apple(let token, let nonce, let name, let code):
                try await client.signInWithApple(
                    body: .json(.init(identityToken: token, nonce: nonce, authorizationCode: code, displayName: name))
                ).ok.body.json
            case .gameCenter(let identity):
                try await client.signInWithGameCenter(
                    body: .json(
                        .init(
                            playerId: identity.playerID, bundleId: identity.bundleID, publicKeyUrl: identity.publicKeyURL.absoluteString,
                            signature: identity.signature.base64EncodedString(), salt: identity.salt.base64EncodedString(),
                            timestamp: Int64(clamping: identity.timestamp), displayName: identity.displayName))
                ).ok.body.json
            case .discord(let code, let redirect, let verifier):
                try await client.signInWithDiscord(body: .json(.init(code: code, redirectUri: redirect, codeVerifier: verifier))).ok.body.json
            case .facebook(let access, let id, let nonce):
                try await client.signInWithFacebook(body: .json(.init(accessToken: access, idToken: id, nonce: nonce))).ok.body.json
            }
        }
        try await parlorCall { try await session.signedIn(ParlorCredentials(answer, at: now())) }
        return answer.user
    }
}
