import Crypto
import Foundation
import ParlorHTTP

/// The client secret Apple's token endpoints take: an ES256 JWT signed with the app's Sign in with
/// Apple key, `kid` the key id, `iss` the team, `sub` the client id (the bundle id), `aud` Apple.
/// Made fresh for each request and short-lived (Apple allows up to six months; five minutes is
/// plenty for one request and worthless if it leaks).
enum AppleClientSecret {
    static let lifetime: TimeInterval = 5 * 60

    static func make(clientID: String, configuration: AppleTokenConfiguration, now: Date) throws -> String {
        let issuedAt = Int64(now.timeIntervalSince1970)
        let header: [String: String] = ["alg": "ES256", "kid": configuration.keyID, "typ": "JWT"]
        let claims: [String: any Sendable] = [
            "iss": configuration.teamID, "sub": clientID, "aud": AppleTokenConfiguration.audience,
            "iat": issuedAt, "exp": issuedAt + Int64(lifetime),
        ]
        let signingInput = try part(header) + "." + part(claims)
        let signature = try configuration.privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + signature.rawRepresentation.base64URLEncoded
    }

    private static func part(_ object: [String: any Sendable]) throws -> String {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).base64URLEncoded
    }
}
