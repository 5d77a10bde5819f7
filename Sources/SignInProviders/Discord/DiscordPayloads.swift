/// What Discord's token endpoint answers on success (only the fields we use).
struct DiscordTokenResponse: Decodable {
    var accessToken: String
    var tokenType: String?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
    }
}

/// An OAuth2 error body, `{"error": "invalid_grant", ...}`.
struct OAuthErrorResponse: Decodable {
    var error: String
}

/// `GET /users/@me` (only the fields we use).
struct DiscordUser: Decodable {
    var id: String
    var username: String?
    var globalName: String?
    var avatar: String?
    var email: String?
    var verified: Bool?

    private enum CodingKeys: String, CodingKey {
        case id, username, avatar, email, verified
        case globalName = "global_name"
    }
}
