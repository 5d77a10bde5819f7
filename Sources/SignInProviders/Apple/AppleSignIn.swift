import Foundation

/// Sign in with Apple: verifies the identity token the app received from Apple.
struct AppleSignIn: Sendable {
    private let tokens: IdentityTokenVerifier

    init(configuration: AppleSignInConfiguration, http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        let keys = JWKSCache(provider: .apple, url: configuration.keysURL, http: http, now: now)
        tokens = IdentityTokenVerifier(
            provider: .apple, keys: keys, issuer: configuration.issuer,
            audiences: Set(configuration.clientIDs.filter { !$0.isEmpty }), now: now)
    }

    func signIn(identityToken: String, rawNonce: String?) async throws(SignInError) -> ExternalIdentity {
        let claims = try await tokens.verify(identityToken)
        // Apple stores the SHA-256 of the nonce the app generated; the app sends us the raw value. Hex is
        // case-insensitive, so the claim is compared in lowercase, as we print the digest.
        try NonceCheck.verify(
            claim: claims.nonce?.lowercased(), expected: rawNonce.map(Digests.sha256Hex), provider: .apple)
        let email = claims.email?.nonBlank
        return ExternalIdentity(
            provider: .apple,
            subject: claims.subject ?? "",
            email: email,
            emailVerified: email != nil && claims.emailVerified == true,
            // Apple gives the name only to the app, once, outside the token.
            displayName: nil,
            avatarURL: nil)
    }
}
