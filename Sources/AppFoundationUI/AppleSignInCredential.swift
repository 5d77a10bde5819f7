#if canImport(SwiftUI)
import AuthenticationServices
import Foundation

/// What `SessionModel.signInWithApple` needs from a finished Sign in with Apple: the identity token
/// as text, the authorization code (the server trades it for the tokens it revokes when the account
/// is deleted) and the name the player chose to share. `nil` when there is nothing to send: the player
/// cancelled, Apple failed, or the credential carries no token (then the player is still on the
/// sign-in screen and can try again).
struct AppleSignInCredential: Sendable {
    let identityToken: String
    let authorizationCode: String?
    let displayName: String?

    init?(_ result: Result<ASAuthorization, any Error>) {
        guard case .success(let authorization) = result,
            let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
            let data = credential.identityToken,
            let token = String(data: data, encoding: .utf8)
        else { return nil }
        identityToken = token
        authorizationCode = credential.authorizationCode.flatMap { String(data: $0, encoding: .utf8) }
        // Apple shares the name only on the first sign-in to this app, and only if asked.
        let parts = [credential.fullName?.givenName, credential.fullName?.familyName].compactMap { $0 }.filter { !$0.isEmpty }
        displayName = parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
#endif
