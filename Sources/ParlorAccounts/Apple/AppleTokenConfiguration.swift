import Crypto
import Foundation

/// What the server needs to talk to Apple's token endpoints as the app: the team, the Sign in with
/// Apple key (a `.p8`) and where Apple is. With it, `POST /auth/apple` trades the app's
/// authorization code for a refresh token, and deleting the account revokes that token (App
/// Review requires it). Without it neither happens.
public struct AppleTokenConfiguration: Sendable {
    public var teamID: String
    public var keyID: String
    let privateKey: P256.Signing.PrivateKey
    /// Apple's `https://appleid.apple.com`; `/auth/token` and `/auth/revoke` are under it.
    public var authURL: URL
    /// How long one request to Apple may take.
    public var timeout: Duration = .seconds(10)
    /// How often every node looks for due revocations.
    public var interval: Duration = .seconds(30)
    /// How long a node holds the revocations it claimed before another may take them over.
    public var lease: Duration = .seconds(60)
    /// The first retry waits this long, each later one twice as long, up to `maximumBackoff`.
    public var backoff: Duration = .seconds(30)
    public var maximumBackoff: Duration = .seconds(6 * 3600)
    /// After this many failed tries a revocation is given up (and logged).
    public var maximumAttempts = 20

    // The literal is a valid URL; unwrapping it cannot fail at run time.
    public static let defaultAuthURL = URL(string: "https://appleid.apple.com")!
    /// The `aud` of every client secret.
    static let audience = "https://appleid.apple.com"

    /// - Parameter privateKeyPEM: the `.p8` file's contents (a PKCS #8 P-256 key in PEM).
    public init(teamID: String, keyID: String, privateKeyPEM: String, authURL: URL = Self.defaultAuthURL) throws(AppleTokenConfigurationError) {
        guard !teamID.isEmpty, !keyID.isEmpty else { throw AppleTokenConfigurationError("the team id and key id must not be empty") }
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
        } catch {
            throw AppleTokenConfigurationError("the key is not a P-256 private key in PEM (a .p8 file)")
        }
        self.teamID = teamID
        self.keyID = keyID
        self.authURL = authURL
    }

    var tokenURL: String { endpoint("auth/token") }
    var revokeURL: String { endpoint("auth/revoke") }

    private func endpoint(_ path: String) -> String {
        var base = authURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + path
    }
}

/// Why the Apple token settings could not be used.
public struct AppleTokenConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
