import Foundation

/// Discord OAuth2: exchanges the authorization code the client got for a token, then asks who it is.
struct DiscordSignIn: Sendable {
    private let configuration: DiscordSignInConfiguration
    private let http: ProviderHTTP

    init(configuration: DiscordSignInConfiguration, http: ProviderHTTP) {
        self.configuration = configuration
        self.http = http
    }

    func signIn(code: String, redirectURI: String, codeVerifier: String?) async throws(SignInError) -> ExternalIdentity {
        guard !code.isEmpty, code.utf8.count <= 1024 else { throw reject("authorization code malformed") }
        // Checked before any request: an unlisted redirect URI means the code was not obtained for us.
        guard configuration.redirectURIs.contains(redirectURI) else { throw reject("redirect URI not allowed") }
        if let codeVerifier, codeVerifier.isEmpty || codeVerifier.utf8.count > 1024 {
            throw reject("code verifier malformed")
        }
        let accessToken = try await exchange(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier)
        let user = try await currentUser(accessToken: accessToken)
        let email = user.email?.nonBlank
        return ExternalIdentity(
            provider: .discord,
            subject: user.id,
            email: email,
            emailVerified: email != nil && user.verified == true,
            displayName: user.globalName?.nonBlank ?? user.username?.nonBlank,
            avatarURL: avatarURL(for: user))
    }

    private func exchange(code: String, redirectURI: String, codeVerifier: String?) async throws(SignInError) -> String {
        var form = [
            ("client_id", configuration.clientID),
            ("client_secret", configuration.clientSecret),
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirectURI),
        ]
        if let codeVerifier { form.append(("code_verifier", codeVerifier)) }
        let url = EndpointURL.make(configuration.apiBaseURL.absoluteString, path: "/oauth2/token")
        let response = try await http.postForm(url, form: form, provider: .discord, step: "token")
        switch response.status {
        case 200..<300:
            guard let token = response.decode(DiscordTokenResponse.self), !token.accessToken.isEmpty else {
                throw unavailable("token endpoint answered an unreadable body")
            }
            if let type = token.tokenType, type.lowercased() != "bearer" {
                throw unavailable("token endpoint answered an unexpected token type")
            }
            return token.accessToken
        case 400, 401:
            // The error code is a short protocol word (invalid_grant, invalid_client, ...), safe to repeat.
            let error = response.decode(OAuthErrorResponse.self)?.error
            let code = error.flatMap { $0.count <= 40 && $0.allSatisfy { $0.isLetter || $0 == "_" } ? $0 : nil }
            throw reject(code.map { "authorization code rejected (\($0))" } ?? "authorization code rejected")
        default:
            throw unavailable("token endpoint answered HTTP \(response.status)")
        }
    }

    private func currentUser(accessToken: String) async throws(SignInError) -> DiscordUser {
        let url = EndpointURL.make(configuration.apiBaseURL.absoluteString, path: "/users/@me")
        let response = try await http.get(url, bearer: accessToken, provider: .discord, step: "user")
        switch response.status {
        case 200..<300:
            guard let user = response.decode(DiscordUser.self), !user.id.isEmpty else {
                throw unavailable("user endpoint answered an unreadable body")
            }
            return user
        case 401, 403:
            throw reject("access token rejected")
        default:
            throw unavailable("user endpoint answered HTTP \(response.status)")
        }
    }

    /// The CDN URL of the user's avatar, when they set one. Both parts go into a URL path, so anything but
    /// the characters Discord uses for ids and hashes is refused rather than escaped.
    private func avatarURL(for user: DiscordUser) -> String? {
        guard let hash = user.avatar, !hash.isEmpty, Self.isPathSafe(hash), Self.isPathSafe(user.id) else { return nil }
        return "https://cdn.discordapp.com/avatars/\(user.id)/\(hash).png"
    }

    private static func isPathSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    private func reject(_ reason: String) -> SignInError { .invalidCredential(provider: .discord, reason: reason) }
    private func unavailable(_ reason: String) -> SignInError { .providerUnavailable(provider: .discord, reason: reason) }
}
