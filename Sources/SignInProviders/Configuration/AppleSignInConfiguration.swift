import Foundation

/// Settings for Sign in with Apple.
public struct AppleSignInConfiguration: Sendable {
    /// Where Apple publishes the keys that sign identity tokens.
    public var keysURL: URL
    /// The `iss` every identity token must carry.
    public var issuer: String
    /// The `aud` values accepted: the app's bundle ID and any Services IDs. Empty means not configured.
    public var clientIDs: [String]

    // The literal is a valid URL; unwrapping it cannot fail at run time.
    public static let defaultKeysURL = URL(string: "https://appleid.apple.com/auth/keys")!
    public static let defaultIssuer = "https://appleid.apple.com"

    public init(keysURL: URL = Self.defaultKeysURL, issuer: String = Self.defaultIssuer, clientIDs: [String] = []) {
        self.keysURL = keysURL
        self.issuer = issuer
        self.clientIDs = clientIDs
    }

    /// Whether any client ID is set; without one no token can be accepted.
    public var isConfigured: Bool { clientIDs.contains { !$0.isEmpty } }
}
