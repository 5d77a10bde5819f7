import Foundation

/// Facebook Login with a classic user access token.
///
/// The token is first inspected with the app access token (`debug_token`), which is the only way to learn
/// which app it was issued to: a token from another app must not sign anyone in here. Then the profile is
/// read with the token itself, plus `appsecret_proof` so that a leaked token alone cannot call on our behalf.
struct FacebookSignIn: Sendable {
    private let configuration: FacebookSignInConfiguration
    private let http: ProviderHTTP
    private let now: @Sendable () -> Date

    init(configuration: FacebookSignInConfiguration, http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.http = http
        self.now = now
    }

    func signIn(accessToken: String) async throws(SignInError) -> ExternalIdentity {
        guard !accessToken.isEmpty, accessToken.utf8.count <= 4096 else { throw reject("access token malformed") }
        let userID = try await inspect(accessToken)
        let user = try await profile(accessToken)
        guard user.id.value == userID else { throw reject("token user mismatch") }
        let picture = user.picture?.data
        return ExternalIdentity(
            provider: .facebook,
            subject: userID,
            email: user.email?.nonBlank,
            // Facebook does not say whether the address was confirmed; treat it as a hint only.
            emailVerified: false,
            displayName: user.name?.nonBlank,
            // The default silhouette is not the user's picture.
            avatarURL: picture?.isSilhouette == true ? nil : picture?.url?.nonBlank)
    }

    /// The user id the token belongs to, once it is known to be valid and ours.
    private func inspect(_ accessToken: String) async throws(SignInError) -> String {
        let url = EndpointURL.make(
            configuration.graphBaseURL.absoluteString, path: "/debug_token",
            query: [("input_token", accessToken), ("access_token", "\(configuration.appID)|\(configuration.appSecret)")])
        let response = try await http.get(url, provider: .facebook, step: "debug_token")
        try classifyFailure(response, step: "debug_token")
        guard let info = response.decode(FacebookDebugTokenResponse.self)?.data else {
            throw unavailable("debug_token answered an unreadable body")
        }
        guard info.isValid == true else { throw reject("token not valid") }
        guard info.appID?.value == configuration.appID else { throw reject("token issued for another app") }
        if let expiresAt = info.expiresAt, expiresAt > 0, expiresAt < now().timeIntervalSince1970 {
            throw reject("token expired")
        }
        guard let userID = info.userID?.value, !userID.isEmpty else { throw reject("token belongs to no user") }
        return userID
    }

    private func profile(_ accessToken: String) async throws(SignInError) -> FacebookUser {
        let proof = Digests.hmacSHA256Hex(key: configuration.appSecret, message: accessToken)
        let url = EndpointURL.make(
            configuration.graphBaseURL.absoluteString, path: "/me",
            query: [("fields", "id,name,email,picture"), ("access_token", accessToken), ("appsecret_proof", proof)])
        let response = try await http.get(url, provider: .facebook, step: "profile")
        try classifyFailure(response, step: "profile")
        guard let user = response.decode(FacebookUser.self), !user.id.value.isEmpty else {
            throw unavailable("profile answered an unreadable body")
        }
        return user
    }

    /// Graph answers a refused token with a 4xx and `{"error": {...}}`; anything else non-2xx is Facebook's trouble.
    private func classifyFailure(_ response: ProviderResponse, step: String) throws(SignInError) {
        if response.isSuccess { return }
        if response.isClientError, response.status != 429 {
            throw reject("\(step) refused the token")
        }
        throw unavailable("\(step) answered HTTP \(response.status)")
    }

    private func reject(_ reason: String) -> SignInError { .invalidCredential(provider: .facebook, reason: reason) }
    private func unavailable(_ reason: String) -> SignInError { .providerUnavailable(provider: .facebook, reason: reason) }
}
