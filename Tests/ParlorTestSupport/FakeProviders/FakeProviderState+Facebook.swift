import Crypto
import Foundation

extension FakeProviderState {
    func facebookToken(userID: String, name: String, email: String?, appID: String?, isValid: Bool, profileID: String?) -> String {
        let token = Self.randomToken(prefix: "EAAfake")
        facebookTokens[token] = FacebookToken(
            userID: userID, name: name, email: email, appID: appID ?? facebookAppID, isValid: isValid,
            profileID: profileID ?? userID)
        return token
    }

    /// `GET /debug_token`: inspects a user token on behalf of the app whose access token is given.
    func facebookDebugToken(inputToken: String?, appAccessToken: String?) -> (status: Int, body: FakeJSON) {
        facebookDebugTokenRequests += 1
        guard appAccessToken == "\(facebookAppID)|\(facebookAppSecret)" else {
            return (400, Self.graphError("Invalid OAuth access token signature.", code: 190))
        }
        guard let inputToken, let token = facebookTokens[inputToken] else {
            return (400, Self.graphError("Invalid OAuth access token - Cannot parse access token", code: 190))
        }
        let now = self.now()
        var data: [String: FakeJSON] = [
            "app_id": .string(token.appID), "type": "USER", "application": "Parlor (fake)",
            "is_valid": .bool(token.isValid), "scopes": ["email", "public_profile"], "user_id": .string(token.userID),
            "issued_at": .seconds(now), "expires_at": .seconds(now.addingTimeInterval(3600)),
            "data_access_expires_at": .seconds(now.addingTimeInterval(90 * 86400)),
        ]
        if !token.isValid {
            data["error"] = ["code": 190, "message": "Error validating access token: The session has been invalidated."]
        }
        return (200, ["data": .object(data)])
    }

    /// `GET /me?fields=id,name,email,picture` with the user's token and the app's `appsecret_proof`.
    func facebookMe(accessToken: String?, appSecretProof: String?) -> (status: Int, body: FakeJSON) {
        guard let accessToken, let token = facebookTokens[accessToken], token.isValid else {
            return (400, Self.graphError("Invalid OAuth access token - Cannot parse access token", code: 190))
        }
        let expectedProof = HMAC<SHA256>.authenticationCode(
            for: Array(accessToken.utf8), using: SymmetricKey(data: Array(facebookAppSecret.utf8))
        ).map { String(format: "%02x", $0) }.joined()
        guard appSecretProof == expectedProof else {
            return (400, Self.graphError("Invalid appsecret_proof provided in the API argument", code: 100))
        }
        return (
            200,
            [
                "id": .string(token.profileID), "name": .string(token.name), "email": .optional(token.email),
                "picture": [
                    "data": [
                        "height": 50, "width": 50, "is_silhouette": false,
                        "url": .string("https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(token.userID)"),
                    ]
                ],
            ]
        )
    }

    /// What the Limited Login JWKS endpoint answers.
    func facebookLimitedKeySet() -> FakeJSON {
        facebookLimitedKeyFetches += 1
        return ["keys": .array([facebookLimitedKey].compactMap { $0?.publicJWK })]
    }

    func facebookLimitedToken(_ request: FakeFacebookLimitedTokenRequest) throws -> String {
        guard let key = facebookLimitedKey else { throw FakeProvidersError("no Limited Login key is published") }
        let now = self.now()
        let claims: FakeJSON = [
            "iss": .string(request.iss), "aud": .string(request.aud), "sub": .string(request.sub),
            "iat": .seconds(now), "exp": .seconds(now.addingTimeInterval(request.expiresIn)),
            "jti": .string(Self.randomToken(prefix: "jti")), "nonce": .optional(request.nonce),
            "name": .optional(request.name), "email": .optional(request.email), "picture": .optional(request.picture),
        ]
        return try FakeJWT.make(header: ["alg": "RS256", "kid": .string(key.kid), "typ": "JWT"], claims: claims) {
            try key.sign($0)
        }
    }

    static func graphError(_ message: String, code: Int) -> FakeJSON {
        ["error": ["message": .string(message), "type": "OAuthException", "code": .number(Double(code)), "fbtrace_id": "FakeTrace"]]
    }
}

/// The knobs of `FakeProviders.facebookLimitedToken`.
struct FakeFacebookLimitedTokenRequest: Sendable {
    var sub: String
    var aud: String
    var nonce: String?
    var name: String?
    var email: String?
    var picture: String?
    var iss: String
    var expiresIn: TimeInterval
}
