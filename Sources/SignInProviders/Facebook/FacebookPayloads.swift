/// `GET /debug_token`: `{"data": {...}}` (only the fields we use).
struct FacebookDebugTokenResponse: Decodable {
    struct TokenInfo: Decodable {
        var appID: FacebookID?
        var userID: FacebookID?
        var isValid: Bool?
        /// Seconds since 1970; 0 for tokens that do not expire.
        var expiresAt: Double?

        private enum CodingKeys: String, CodingKey {
            case appID = "app_id"
            case userID = "user_id"
            case isValid = "is_valid"
            case expiresAt = "expires_at"
        }
    }

    var data: TokenInfo
}

/// `GET /me?fields=id,name,email,picture` (only the fields we use).
struct FacebookUser: Decodable {
    struct Picture: Decodable {
        struct Data: Decodable {
            var url: String?
            var isSilhouette: Bool?

            private enum CodingKeys: String, CodingKey {
                case url
                case isSilhouette = "is_silhouette"
            }
        }

        var data: Data?
    }

    var id: FacebookID
    var name: String?
    var email: String?
    var picture: Picture?
}

/// Graph ids are documented as strings, but a number must not be mistaken for a missing id.
struct FacebookID: Decodable, Equatable {
    var value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(UInt64.self) {
            value = String(number)
        } else {
            value = try container.decode(String.self)
        }
    }
}
