import Foundation

/// Facebook Limited Login: verifies the OIDC id token the iOS SDK returns instead of an access token.
struct FacebookLimitedLogin: Sendable {
    private let tokens: IdentityTokenVerifier

    init(configuration: FacebookSignInConfiguration, http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        let keys = JWKSCache(provider: .facebook, url: configuration.limitedLoginKeysURL, http: http, now: now)
        tokens = IdentityTokenVerifier(
            provider: .facebook, keys: keys, issuer: configuration.limitedLoginIssuer,
            audiences: [configuration.appID], now: now)
    }

    func signIn(idToken: String, rawNonce: String?) async throws(SignInError) -> ExternalIdentity {
        let claims = try await tokens.verify(idToken)
        // Unlike Apple, Facebook puts the client's nonce in the token as it is.
        try NonceCheck.verify(claim: claims.nonce, expected: rawNonce, provider: .facebook)
        return ExternalIdentity(
            provider: .facebook,
            subject: claims.subject ?? "",
            email: claims.email?.nonBlank,
            // Facebook does not say whether the address was confirmed; treat it as a hint only.
            emailVerified: false,
            displayName: claims.displayName,
            avatarURL: claims.picture?.nonBlank)
    }
}
