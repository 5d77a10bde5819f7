/// Why a sign-in could not be verified.
///
/// The cases separate the user's fault (`invalidCredential`, a 401) from the provider's (`providerUnavailable`,
/// a 502) and the operator's (`notConfigured`, a 503). Reasons are short, fixed phrases such as
/// "token expired"; they never contain tokens or secrets, so they are safe to log.
public enum SignInError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The credential is forged, expired, meant for another app, or otherwise not acceptable.
    case invalidCredential(provider: SignInProvider, reason: String)
    /// The provider could not be asked: it is down, answered 5xx, timed out, or answered garbage.
    case providerUnavailable(provider: SignInProvider, reason: String)
    /// The server has no configuration for this provider.
    case notConfigured(provider: SignInProvider)

    /// The provider the failure concerns.
    public var provider: SignInProvider {
        switch self {
        case .invalidCredential(let provider, _), .providerUnavailable(let provider, _), .notConfigured(let provider):
            provider
        }
    }

    public var description: String {
        switch self {
        case .invalidCredential(let provider, let reason):
            "\(provider.rawValue) credential rejected: \(reason)"
        case .providerUnavailable(let provider, let reason):
            "\(provider.rawValue) sign-in unavailable: \(reason)"
        case .notConfigured(let provider):
            "\(provider.rawValue) sign-in is not configured"
        }
    }
}
