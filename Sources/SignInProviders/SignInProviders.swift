// SignInProviders
//
// Verifies credentials that a client obtained from a third-party sign-in provider (Sign in with Apple,
// Discord OAuth2, Facebook Login and Facebook Limited Login) and says who the user is, as an
// `ExternalIdentity`. The server holds one `SignInVerifier` and maps `SignInError` to HTTP statuses.
//
// The module talks to providers only over HTTP through AsyncHTTPClient, at configurable URLs, so tests
// run it against local fakes; it knows nothing of Hummingbird or the database. Time is injected so that
// expiry checks and key-cache ages can be tested without waiting.

/// A third-party identity provider that players can sign in with.
public enum SignInProvider: String, Sendable, Codable, CaseIterable {
    case apple
    case discord
    case facebook
    /// GameKit's identity verification signature; the subject is the player id it vouches for.
    case gamecenter
}
