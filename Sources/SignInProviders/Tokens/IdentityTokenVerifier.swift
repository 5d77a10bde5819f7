import Foundation
import JWTKit

/// Verifies an OIDC identity token: signature against the provider's published keys, then each claim.
///
/// JWTKit reads the key set and checks the signature; the claims are checked here, one by one, so that
/// every rejection has its own reason. Nonces differ between providers and are left to the caller.
struct IdentityTokenVerifier: Sendable {
    /// Asymmetric algorithms only: `none` and the HMAC family would let anyone who knows the public key
    /// (everyone) forge a token.
    static let acceptedAlgorithms: Set<String> = ["RS256", "ES256"]
    /// Clock skew tolerated between the provider and us.
    static let leeway: TimeInterval = 60

    let provider: SignInProvider
    let keys: JWKSCache
    let issuer: String
    let audiences: Set<String>
    let now: @Sendable () -> Date

    func verify(_ token: String) async throws(SignInError) -> IdentityTokenClaims {
        guard let jwt = CompactJWT(token) else { throw reject("malformed token") }
        guard let algorithm = jwt.header.alg, Self.acceptedAlgorithms.contains(algorithm) else {
            throw reject("unsupported algorithm")
        }
        guard jwt.header.crit == nil else { throw reject("unsupported critical header") }
        guard let kid = jwt.header.kid, !kid.isEmpty else { throw reject("token names no signing key") }

        let key = try await keys.key(for: kid, algorithm: algorithm)
        guard (try? key.verify(jwt.signature, signs: jwt.signingInput)) == true else {
            throw reject("signature invalid")
        }
        guard let claims = try? JSONDecoder().decode(IdentityTokenClaims.self, from: Data(jwt.payload)) else {
            throw reject("malformed claims")
        }
        try check(claims)
        return claims
    }

    private func check(_ claims: IdentityTokenClaims) throws(SignInError) {
        guard claims.issuer == issuer else { throw reject("issuer mismatch") }
        // Every audience must be ours (OIDC Core §3.1.3.7): a token also meant for another party is not
        // a token the client got for us.
        guard !claims.audiences.isEmpty, claims.audiences.allSatisfy(audiences.contains) else {
            throw reject("audience not allowed")
        }
        let now = now().timeIntervalSince1970
        guard let expiresAt = claims.expiresAt else { throw reject("token has no expiry") }
        guard now <= expiresAt + Self.leeway else { throw reject("token expired") }
        if let issuedAt = claims.issuedAt, issuedAt > now + Self.leeway {
            throw reject("token issued in the future")
        }
        if let notBefore = claims.notBefore, notBefore > now + Self.leeway {
            throw reject("token not yet valid")
        }
        guard let subject = claims.subject, !subject.isEmpty else { throw reject("token has no subject") }
    }

    private func reject(_ reason: String) -> SignInError {
        .invalidCredential(provider: provider, reason: reason)
    }
}

/// The nonce rule shared by Apple and Facebook Limited Login, with the expected value derived by the caller.
enum NonceCheck {
    /// - Parameters:
    ///   - claim: the token's `nonce`, if any.
    ///   - expected: what it must equal given the client's raw nonce, or nil when the client sent none.
    static func verify(claim: String?, expected: String?, provider: SignInProvider) throws(SignInError) {
        switch (claim, expected) {
        case (nil, nil):
            return
        case (nil, .some):
            throw .invalidCredential(provider: provider, reason: "nonce missing from token")
        case (.some, nil):
            // The token was bound to a nonce; accepting it without one would let a stolen token be replayed.
            throw .invalidCredential(provider: provider, reason: "nonce required")
        case (.some(let claim), .some(let expected)):
            guard Digests.constantTimeEquals(claim, expected) else {
                throw .invalidCredential(provider: provider, reason: "nonce mismatch")
            }
        }
    }
}
