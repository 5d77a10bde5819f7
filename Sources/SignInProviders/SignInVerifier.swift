import AsyncHTTPClient
import Foundation
import Logging

/// Verifies sign-in credentials from every supported provider; the one object the server holds.
///
/// A provider whose configuration is empty answers `SignInError.notConfigured`. Signing-key sets are
/// cached inside the verifier, so keep one instance for the server's lifetime rather than one per request.
/// Failures are logged with their reason (never the credential) at debug level for rejected credentials
/// and warning level for unreachable providers.
///
/// With AsyncHTTPClient's default configuration a refused connection is retried until `timeout`; give the
/// client `connectionPool.retryConnectionEstablishment = false` to fail fast instead.
public struct SignInVerifier: Sendable {
    private let appleSignIn: AppleSignIn?
    private let discordSignIn: DiscordSignIn?
    private let facebookSignIn: FacebookSignIn?
    private let facebookLimitedLogin: FacebookLimitedLogin?
    private let gameCenterSignIn: GameCenterSignIn?
    private let logger: Logger
    /// The server's outbound client, for other calls to providers (Apple's token endpoints).
    package let httpClient: HTTPClient

    public init(
        apple: AppleSignInConfiguration,
        discord: DiscordSignInConfiguration,
        facebook: FacebookSignInConfiguration,
        gameCenter: GameCenterSignInConfiguration = GameCenterSignInConfiguration(),
        httpClient: HTTPClient,
        timeout: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        let http = ProviderHTTP(client: httpClient, timeout: timeout, logger: logger)
        appleSignIn = apple.isConfigured ? AppleSignIn(configuration: apple, http: http, now: now) : nil
        discordSignIn = discord.isConfigured ? DiscordSignIn(configuration: discord, http: http) : nil
        facebookSignIn =
            facebook.isAccessTokenLoginConfigured ? FacebookSignIn(configuration: facebook, http: http, now: now) : nil
        facebookLimitedLogin =
            facebook.isLimitedLoginConfigured ? FacebookLimitedLogin(configuration: facebook, http: http, now: now) : nil
        gameCenterSignIn = gameCenter.isConfigured ? GameCenterSignIn(configuration: gameCenter, http: http, now: now) : nil
        self.logger = logger
        self.httpClient = httpClient
    }

    /// Sign in with Apple. `rawNonce` is the value the app generated and hashed into its request to Apple.
    public func apple(identityToken: String, rawNonce: String?) async throws(SignInError) -> ExternalIdentity {
        guard let appleSignIn else { throw .notConfigured(provider: .apple) }
        return try await logged(.apple) { () async throws(SignInError) in
            try await appleSignIn.signIn(identityToken: identityToken, rawNonce: rawNonce)
        }
    }

    /// Discord: the authorization code, the redirect URI it was obtained with, and the PKCE verifier if one was used.
    public func discord(code: String, redirectURI: String, codeVerifier: String?) async throws(SignInError) -> ExternalIdentity {
        guard let discordSignIn else { throw .notConfigured(provider: .discord) }
        return try await logged(.discord) { () async throws(SignInError) in
            try await discordSignIn.signIn(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier)
        }
    }

    /// Facebook Login with a classic user access token.
    public func facebook(accessToken: String) async throws(SignInError) -> ExternalIdentity {
        guard let facebookSignIn else { throw .notConfigured(provider: .facebook) }
        return try await logged(.facebook) { () async throws(SignInError) in
            try await facebookSignIn.signIn(accessToken: accessToken)
        }
    }

    /// Facebook Limited Login. `rawNonce` is the nonce the app passed to the SDK, compared as it is.
    public func facebookLimitedLogin(idToken: String, rawNonce: String?) async throws(SignInError) -> ExternalIdentity {
        guard let facebookLimitedLogin else { throw .notConfigured(provider: .facebook) }
        return try await logged(.facebook) { () async throws(SignInError) in
            try await facebookLimitedLogin.signIn(idToken: idToken, rawNonce: rawNonce)
        }
    }

    /// Game Center: GameKit's identity verification signature and what it was made over.
    public func gameCenter(_ credential: GameCenterCredential) async throws(SignInError) -> ExternalIdentity {
        guard let gameCenterSignIn else { throw .notConfigured(provider: .gamecenter) }
        return try await logged(.gamecenter) { () async throws(SignInError) in
            try await gameCenterSignIn.signIn(credential)
        }
    }

    private func logged(
        _ provider: SignInProvider, _ work: () async throws(SignInError) -> ExternalIdentity
    ) async throws(SignInError) -> ExternalIdentity {
        do {
            return try await work()
        } catch {
            switch error {
            case .invalidCredential(_, let reason):
                logger.debug("Sign-in credential rejected", metadata: ["provider": "\(provider.rawValue)", "reason": "\(reason)"])
            case .providerUnavailable(_, let reason):
                logger.warning("Sign-in provider unavailable", metadata: ["provider": "\(provider.rawValue)", "reason": "\(reason)"])
            case .notConfigured:
                break
            }
            throw error
        }
    }
}
