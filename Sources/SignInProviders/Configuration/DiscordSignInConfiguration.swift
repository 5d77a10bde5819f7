import Foundation

/// Settings for Discord's OAuth2 authorization-code flow.
public struct DiscordSignInConfiguration: Sendable {
    /// Discord's API root; the token and user endpoints are below it.
    public var apiBaseURL: URL
    public var clientID: String
    public var clientSecret: String
    /// The `redirect_uri` values a client may use; any other is rejected before Discord is asked.
    public var redirectURIs: [String]

    // The literal is a valid URL; unwrapping it cannot fail at run time.
    public static let defaultAPIBaseURL = URL(string: "https://discord.com/api")!

    public init(
        apiBaseURL: URL = Self.defaultAPIBaseURL,
        clientID: String = "",
        clientSecret: String = "",
        redirectURIs: [String] = []
    ) {
        self.apiBaseURL = apiBaseURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURIs = redirectURIs
    }

    /// A code exchange needs both the client ID and its secret.
    public var isConfigured: Bool { !clientID.isEmpty && !clientSecret.isEmpty }
}
