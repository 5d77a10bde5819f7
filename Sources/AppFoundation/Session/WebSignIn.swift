import Crypto
import Dependencies
import Foundation

/// A provider's sign-in page the app opens in a web authentication session (Discord's OAuth with
/// PKCE, Facebook's login dialog), and how its answer is read. Everything here is plain data and
/// checks, so the whole round trip is tested without a browser; the view only opens `url` and
/// hands back the URL the page returned to.
public struct WebSignInRequest: Equatable, Sendable {
    public enum Provider: String, Equatable, Sendable, CaseIterable {
        case discord, facebook

        public var title: String {
            switch self {
            case .discord: "Sign in with Discord"
            case .facebook: "Continue with Facebook"
            }
        }
    }

    public let provider: Provider
    /// The provider's page.
    public let url: URL
    /// The app's scheme the page returns to; the session waits for it.
    public let callbackScheme: String
    public let redirectURI: String
    /// Echoed back by the provider: an answer without it was not asked for by this request.
    public let state: String
    /// Discord's PKCE secret: its hash went in `url`, the secret goes to the server with the code.
    public let codeVerifier: String?

    /// What the provider answered, ready for the server.
    public enum Answer: Equatable, Sendable {
        case discord(code: String, redirectURI: String, codeVerifier: String?)
        case facebook(accessToken: String)
    }

    /// Reads the URL the page returned to: the code (Discord) or the access token (Facebook),
    /// after checking it answers this request.
    public func answer(from callback: URL) throws(WebSignInError) -> Answer {
        guard let components = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == callbackScheme.lowercased()
        else { throw .notThisRequest }
        // Discord answers in the query; Facebook's token dialog in the fragment.
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        if let fragment = components.fragment {
            var parsed = URLComponents()
            parsed.percentEncodedQuery = fragment
            for item in parsed.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        }
        if let error = fields["error"] ?? fields["error_reason"] {
            if ["access_denied", "user_denied"].contains(error) { throw .cancelled }
            throw .refused(fields["error_description"] ?? error)
        }
        guard fields["state"] == state else { throw .notThisRequest }
        switch provider {
        case .discord:
            guard let code = fields["code"], !code.isEmpty else { throw .incomplete }
            return .discord(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier)
        case .facebook:
            guard let token = fields["access_token"], !token.isEmpty else { throw .incomplete }
            return .facebook(accessToken: token)
        }
    }
}

/// Why a provider's page did not sign the player in.
public enum WebSignInError: Error, Equatable, Sendable {
    /// The player closed the page or said no: nothing to show.
    case cancelled
    /// The provider said no, with its reason.
    case refused(String)
    /// The answer does not carry this request's state (an old or forged page).
    case notThisRequest
    /// The answer lacks the code or the token.
    case incomplete
    /// The app was built without this provider's client id.
    case notConfigured(WebSignInRequest.Provider)

    /// How the sign-in screen words it; nil for a cancel, which shows nothing.
    public var presentation: ErrorPresentation? {
        switch self {
        case .cancelled: nil
        case .refused(let reason): ErrorPresentation(title: "Sign-in refused", message: reason, recovery: nil)
        case .notThisRequest, .incomplete:
            ErrorPresentation(title: "Sign-in did not finish", message: "The sign-in page answered something else; try again.", recovery: nil)
        case .notConfigured(let provider):
            ErrorPresentation(title: "Not available", message: "\(provider.title) is not set up in this app.", recovery: nil)
        }
    }
}

/// The app's client ids at the providers, from its Info.plist (`DiscordClientID`,
/// `DiscordRedirectURI`, `FacebookAppID`); a provider without one is not offered.
public struct WebSignInSettings: Equatable, Sendable {
    public var discordClientID: String?
    /// A URL with the app's own scheme, registered at Discord, e.g. `quortex://oauth/discord`.
    public var discordRedirectURI: String?
    public var facebookAppID: String?

    public init(discordClientID: String? = nil, discordRedirectURI: String? = nil, facebookAppID: String? = nil) {
        self.discordClientID = discordClientID
        self.discordRedirectURI = discordRedirectURI
        self.facebookAppID = facebookAppID
    }

    public static var fromBundle: WebSignInSettings {
        func value(_ key: String) -> String? {
            guard let text = Bundle.main.object(forInfoDictionaryKey: key) as? String, !text.isEmpty else { return nil }
            return text
        }
        return WebSignInSettings(
            discordClientID: value("DiscordClientID"), discordRedirectURI: value("DiscordRedirectURI"), facebookAppID: value("FacebookAppID"))
    }

    public var offered: [WebSignInRequest.Provider] {
        var providers: [WebSignInRequest.Provider] = []
        if discordClientID != nil, discordRedirectURI.flatMap(URL.init(string:))?.scheme != nil { providers.append(.discord) }
        if facebookAppID != nil { providers.append(.facebook) }
        return providers
    }

    /// A new request for `provider`, with a fresh state (and PKCE verifier for Discord).
    public func request(_ provider: WebSignInRequest.Provider, random: WithRandomNumberGenerator) throws(WebSignInError) -> WebSignInRequest {
        let state = WebSignInSecret.make(random, length: 32)
        switch provider {
        case .discord:
            guard let client = discordClientID, let redirect = discordRedirectURI, let scheme = URL(string: redirect)?.scheme else {
                throw .notConfigured(.discord)
            }
            let verifier = WebSignInSecret.make(random, length: 64)
            var page = URLComponents(string: "https://discord.com/oauth2/authorize")
            page?.queryItems = [
                URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: client),
                URLQueryItem(name: "scope", value: "identify email"), URLQueryItem(name: "redirect_uri", value: redirect),
                URLQueryItem(name: "state", value: state), URLQueryItem(name: "code_challenge", value: WebSignInSecret.challenge(verifier)),
                URLQueryItem(name: "code_challenge_method", value: "S256"), URLQueryItem(name: "prompt", value: "consent"),
            ]
            guard let url = page?.url else { throw .notConfigured(.discord) }
            return WebSignInRequest(provider: .discord, url: url, callbackScheme: scheme, redirectURI: redirect, state: state, codeVerifier: verifier)
        case .facebook:
            guard let app = facebookAppID else { throw .notConfigured(.facebook) }
            // Facebook's convention for an iOS app's return address.
            let scheme = "fb\(app)"
            let redirect = "\(scheme)://authorize/"
            var page = URLComponents(string: "https://www.facebook.com/v19.0/dialog/oauth")
            page?.queryItems = [
                URLQueryItem(name: "client_id", value: app), URLQueryItem(name: "redirect_uri", value: redirect),
                URLQueryItem(name: "response_type", value: "token"), URLQueryItem(name: "scope", value: "public_profile,email"),
                URLQueryItem(name: "state", value: state),
            ]
            guard let url = page?.url else { throw .notConfigured(.facebook) }
            return WebSignInRequest(provider: .facebook, url: url, callbackScheme: scheme, redirectURI: redirect, state: state, codeVerifier: nil)
        }
    }
}

/// Random secrets in PKCE's alphabet (RFC 7636 §4.1), and the S256 challenge of a verifier.
enum WebSignInSecret {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func make(_ random: WithRandomNumberGenerator, length: Int) -> String {
        random { generator in
            String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
    }

    /// BASE64URL(SHA256(verifier)) without padding (RFC 7636 §4.2).
    static func challenge(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
