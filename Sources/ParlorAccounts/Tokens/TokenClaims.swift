import JWTKit

/// The claims of every token Parlor signs: access tokens (`aud` = "parlor") and mini-app tokens
/// (`aud` = the app's id).
///
/// Expiry, issue time, lifetime, issuer and audience are checked by ``SigningKeyRing/verify(_:issuer:audience:lifetime:)`` against the
/// injected clock, so `verify(using:)` only asserts the signature.
package struct TokenClaims: JWTPayload, Equatable {
    package var iss: String
    package var sub: String
    package var aud: String
    package var exp: Int64
    package var iat: Int64
    /// Not before: Parlor never sets it, and refuses a token that carries one in the future.
    package var nbf: Int64?
    /// The session the token belongs to; revoking the session invalidates the token at once.
    package var sid: String
    package var username: String?
    package var name: String?

    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Why a token was refused.
enum TokenError: Error, Equatable, CustomStringConvertible {
    case malformed
    case badSignature
    case unknownKey
    case expired
    case wrongIssuer
    case wrongAudience
    case notYetValid
    case outlivesLifetime

    var description: String {
        switch self {
        case .malformed: "the token is not a well-formed JWT"
        case .badSignature: "the token's signature does not verify"
        case .unknownKey: "the token was signed with a key this server does not publish"
        case .expired: "the token has expired"
        case .wrongIssuer: "the token was issued by someone else"
        case .wrongAudience: "the token was issued for another audience"
        case .notYetValid: "the token was issued in the future"
        case .outlivesLifetime: "the token lives longer than this server issues tokens for"
        }
    }
}
