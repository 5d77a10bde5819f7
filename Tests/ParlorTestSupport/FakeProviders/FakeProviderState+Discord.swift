import Crypto
import Foundation

extension FakeProviderState {
    /// Issues a single-use authorization code, as Discord does when the user approves the app.
    func discordCode(for user: FakeDiscordUser, redirectURI: String, codeVerifier: String?) -> String {
        let code = Self.randomToken(prefix: "discord-code")
        discordGrants[code] = DiscordGrant(user: user, redirectURI: redirectURI, codeChallenge: codeVerifier.map(Self.s256))
        return code
    }

    /// `POST /oauth2/token`: checks the client, the code, its redirect URI and PKCE, then issues a token.
    func discordExchange(_ form: FakeDiscordTokenForm) -> (status: Int, body: FakeJSON) {
        discordTokenRequests += 1
        guard form.client_id == discordClientID, form.client_secret == discordClientSecret else {
            return (401, ["error": "invalid_client"])
        }
        guard form.grant_type == "authorization_code" else { return (400, ["error": "unsupported_grant_type"]) }
        // Codes are single-use: whatever happens next, this one is spent.
        guard let code = form.code, let grant = discordGrants.removeValue(forKey: code) else {
            return (400, ["error": "invalid_grant", "error_description": "Invalid \"code\" in request."])
        }
        guard form.redirect_uri == grant.redirectURI else {
            return (400, ["error": "invalid_grant", "error_description": "Invalid \"redirect_uri\" in request."])
        }
        guard grant.codeChallenge == form.code_verifier.map(Self.s256) else {
            return (400, ["error": "invalid_grant", "error_description": "Invalid \"code_verifier\"."])
        }
        let accessToken = Self.randomToken(prefix: "discord-access")
        discordAccessTokens[accessToken] = grant.user
        return (
            200,
            [
                "access_token": .string(accessToken), "token_type": "Bearer", "expires_in": 604800,
                "refresh_token": .string(Self.randomToken(prefix: "discord-refresh")), "scope": "identify email",
            ]
        )
    }

    /// `GET /users/@me` for a bearer token.
    func discordUser(authorization: String?) -> (status: Int, body: FakeJSON) {
        guard let authorization, authorization.hasPrefix("Bearer "),
            let user = discordAccessTokens[String(authorization.dropFirst("Bearer ".count))]
        else { return (401, ["message": "401: Unauthorized", "code": 0]) }
        return (200, user.json)
    }

    /// The S256 PKCE transform (RFC 7636 §4.2).
    static func s256(_ verifier: String) -> String {
        FakeBase64URL.encode(SHA256.hash(data: Array(verifier.utf8)))
    }
}

/// The form the token endpoint reads; names as on the wire.
struct FakeDiscordTokenForm: Decodable, Sendable {
    var client_id: String?
    var client_secret: String?
    var grant_type: String?
    var code: String?
    var redirect_uri: String?
    var code_verifier: String?
}
