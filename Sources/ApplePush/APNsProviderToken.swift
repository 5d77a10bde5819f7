import Crypto
import Foundation

/// The provider token APNs authenticates Parlor by: an ES256 JWT whose header names the key
/// (`kid`) and whose claims are the team (`iss`) and the time it was made (`iat`), signed with the
/// `.p8` key from the developer account.
///
/// APNs refuses a token older than an hour (`ExpiredProviderToken`) and one renewed more often
/// than every 20 minutes (`TooManyProviderTokenUpdates`), so a token is reused until it is
/// ``renewalAge`` old, or renewed at once when APNs says it expired.
public struct APNsProviderToken: Sendable {
    public let keyID: String
    public let teamID: String
    private let key: P256.Signing.PrivateKey

    /// Between APNs' 20-minute floor and 60-minute ceiling.
    public static let renewalAge: TimeInterval = 50 * 60
    public static let minimumAge: TimeInterval = 20 * 60

    /// `pem` is the `.p8` file's text (a PKCS #8 P-256 private key).
    public init(keyID: String, teamID: String, pem: String) throws {
        self.keyID = keyID
        self.teamID = teamID
        self.key = try P256.Signing.PrivateKey(pemRepresentation: pem)
    }

    public init(keyID: String, teamID: String, key: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.teamID = teamID
        self.key = key
    }

    /// A token made at `issuedAt` (whole seconds since 1970).
    public func make(issuedAt: Int64) throws -> String {
        let header = #"{"alg":"ES256","kid":"\#(keyID)"}"#
        let claims = #"{"iss":"\#(teamID)","iat":\#(issuedAt)}"#
        let signingInput = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(Data(claims.utf8))
        // JWS wants the raw 64-byte r‖s, not DER.
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        return signingInput + "." + Self.base64URL(signature)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// The token in use and when it was made: which token to send now.
public struct APNsProviderTokenCache: Sendable, Equatable {
    public private(set) var token: String?
    public private(set) var issuedAt: Int64?

    public init() {}

    /// The token to send at `now` (seconds since 1970), making a new one when there is none, the
    /// current one is ``APNsProviderToken/renewalAge`` old, or `expired` (APNs said so) and it is
    /// not younger than APNs allows a renewal to be.
    public mutating func token(at now: Int64, expired: Bool = false, from provider: APNsProviderToken) throws -> String {
        if let token, let issuedAt {
            let age = TimeInterval(now - issuedAt)
            let stale = age >= APNsProviderToken.renewalAge || age < 0
            let mayRenew = age >= APNsProviderToken.minimumAge || age < 0
            if !stale, !(expired && mayRenew) { return token }
        }
        let fresh = try provider.make(issuedAt: now)
        token = fresh
        issuedAt = now
        return fresh
    }
}
