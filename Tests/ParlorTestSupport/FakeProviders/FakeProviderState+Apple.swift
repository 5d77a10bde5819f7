import Crypto
import Foundation

extension FakeProviderState {
    /// What `GET /auth/keys` answers: the current RSA key and the P-256 key.
    func appleKeySet() -> (keys: FakeJSON, maxAge: Int) {
        appleKeyFetches += 1
        return (["keys": .array((appleKeys + [appleECKey]).map(\.publicJWK))], appleKeysMaxAge)
    }

    func setAppleKeysMaxAge(_ seconds: Int) { appleKeysMaxAge = seconds }

    /// Publishes a new RSA key in place of the old one, as Apple does when it rotates.
    func rotateAppleKey() async throws {
        let key = try await newRSAKey(prefix: "apple")
        appleKeys = [key]
    }

    /// A key of the same kind as Apple's that is never published.
    func appleUnpublished() async throws -> FakeSigningKey {
        if let key = appleUnpublishedKey { return key }
        let key = try await newRSAKey(prefix: "apple-unpublished")
        appleUnpublishedKey = key
        return key
    }

    func appleToken(_ request: FakeAppleTokenRequest) async throws -> String {
        guard let current = appleKeys.last else { throw FakeProvidersError("no Apple key is published") }
        let issuedAt = request.issuedAt ?? self.now()
        var claims: [String: FakeJSON] = [
            "iss": .string(request.iss), "aud": .string(request.aud), "sub": .string(request.sub),
            "iat": .seconds(issuedAt), "exp": .seconds(issuedAt.addingTimeInterval(request.expiresIn)),
            "auth_time": .seconds(issuedAt), "nonce_supported": true,
        ]
        if let rawNonce = request.rawNonce {
            // Apple receives SHA-256(raw nonce) from the app and echoes it as lowercase hex.
            claims["nonce"] = .string(SHA256.hash(data: Array(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined())
        }
        if let email = request.email {
            claims["email"] = .string(email)
            claims["email_verified"] = request.emailVerifiedAsString ? .string(String(request.emailVerified)) : .bool(request.emailVerified)
        }

        let signingKey: FakeSigningKey
        switch request.algorithm {
        case .es256: signingKey = appleECKey
        case .rs256, .none, .hs256: signingKey = request.signedWithUnpublishedKey ? try await appleUnpublished() : current
        }
        let header: FakeJSON = ["alg": .string(request.algorithm.name), "kid": .string(request.kid ?? signingKey.kid)]
        let token = try FakeJWT.make(header: header, claims: .object(claims)) { input in
            switch request.algorithm {
            case .rs256, .es256: try signingKey.sign(input)
            case .none: []
            case .hs256: FakeJWT.hmacSHA256(input, key: Array(signingKey.publicJWK.data()))
            }
        }
        guard request.tamper else { return token }
        claims["sub"] = .string(request.sub + "-tampered")
        return FakeJWT.tampered(token, claims: .object(claims))
    }
}

/// The knobs of `FakeProviders.appleToken`, gathered so the state actor takes one value.
struct FakeAppleTokenRequest: Sendable {
    var sub: String
    var aud: String
    var iss: String
    var rawNonce: String?
    var email: String?
    var emailVerified: Bool
    var emailVerifiedAsString: Bool
    var issuedAt: Date?
    var expiresIn: TimeInterval
    var kid: String?
    var algorithm: FakeTokenAlgorithm
    var signedWithUnpublishedKey: Bool
    var tamper: Bool
}

extension FakeTokenAlgorithm {
    var name: String {
        switch self {
        case .rs256: "RS256"
        case .es256: "ES256"
        case .none: "none"
        case .hs256: "HS256"
        }
    }
}
