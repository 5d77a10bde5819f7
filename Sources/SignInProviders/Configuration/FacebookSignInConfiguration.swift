import Foundation

/// Settings for Facebook Login (classic access tokens) and Facebook Limited Login (OIDC id tokens).
public struct FacebookSignInConfiguration: Sendable {
    /// The Graph API root, version included.
    public var graphBaseURL: URL
    public var appID: String
    public var appSecret: String
    /// Where Facebook publishes the keys that sign Limited Login id tokens.
    public var limitedLoginKeysURL: URL
    /// The `iss` every Limited Login id token must carry.
    public var limitedLoginIssuer: String

    // The literals are valid URLs; unwrapping them cannot fail at run time.
    public static let defaultGraphBaseURL = URL(string: "https://graph.facebook.com/v19.0")!
    public static let defaultLimitedLoginKeysURL = URL(string: "https://limited.facebook.com/.well-known/oauth/openid/jwks/")!
    public static let defaultLimitedLoginIssuer = "https://www.facebook.com"

    public init(
        graphBaseURL: URL = Self.defaultGraphBaseURL,
        appID: String = "",
        appSecret: String = "",
        limitedLoginKeysURL: URL = Self.defaultLimitedLoginKeysURL,
        limitedLoginIssuer: String = Self.defaultLimitedLoginIssuer
    ) {
        self.graphBaseURL = graphBaseURL
        self.appID = appID
        self.appSecret = appSecret
        self.limitedLoginKeysURL = limitedLoginKeysURL
        self.limitedLoginIssuer = limitedLoginIssuer
    }

    /// Limited Login needs only the app ID (its tokens are checked offline).
    public var isLimitedLoginConfigured: Bool { !appID.isEmpty }
    /// Classic tokens are checked with the app access token, which needs the secret too.
    public var isAccessTokenLoginConfigured: Bool { !appID.isEmpty && !appSecret.isEmpty }
}
