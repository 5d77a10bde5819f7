import Foundation

extension FakeProviders {
    /// The issuer Apple's identity tokens carry.
    public static let appleIssuer = "https://appleid.apple.com"

    /// An Apple identity token, signed by default with the currently published RSA key.
    ///
    /// - Parameters:
    ///   - nonce: the raw nonce the app generated; the token carries its SHA-256 in hex, as Apple's does.
    ///   - emailVerifiedAsString: write `email_verified` as "true"/"false", as Apple once did.
    ///   - issuedAt: `iat`, default now; `exp` is `issuedAt + expiresIn` (negative for an expired token).
    ///   - kid: the header's `kid`, default the id of the key that signs.
    ///   - algorithm: `.es256` signs with the published P-256 key; `.none` and `.hs256` make forgeries.
    ///   - signedWithUnpublishedKey: sign with a key the JWKS never lists (its `kid` stays unknown).
    ///   - tamper: alter the claims after signing, keeping the signature.
    public func appleToken(
        sub: String,
        aud: String,
        iss: String = FakeProviders.appleIssuer,
        nonce rawNonce: String? = nil,
        email: String? = nil,
        emailVerified: Bool = true,
        emailVerifiedAsString: Bool = false,
        issuedAt: Date? = nil,
        expiresIn: TimeInterval = 600,
        kid: String? = nil,
        algorithm: FakeTokenAlgorithm = .rs256,
        signedWithUnpublishedKey: Bool = false,
        tamper: Bool = false
    ) async throws -> String {
        try await state.appleToken(
            FakeAppleTokenRequest(
                sub: sub, aud: aud, iss: iss, rawNonce: rawNonce, email: email, emailVerified: emailVerified,
                emailVerifiedAsString: emailVerifiedAsString, issuedAt: issuedAt, expiresIn: expiresIn, kid: kid,
                algorithm: algorithm, signedWithUnpublishedKey: signedWithUnpublishedKey, tamper: tamper))
    }

    /// Publishes a new RSA key and drops the old one, as Apple's rotation does; later tokens use the new key.
    public func rotateAppleKey() async throws {
        try await state.rotateAppleKey()
    }

    /// The `max-age` the key endpoint sends in `Cache-Control` (default 3600).
    public func setAppleKeysMaxAge(_ seconds: Int) async {
        await state.setAppleKeysMaxAge(seconds)
    }

    /// How many times Apple's key set has been fetched.
    public var appleKeyFetches: Int { get async { await state.appleKeyFetches } }
}
