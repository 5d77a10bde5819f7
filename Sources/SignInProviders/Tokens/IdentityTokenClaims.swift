import Foundation

/// The claims of an OIDC identity token that Apple or Facebook Limited Login issues.
///
/// Claims that decide whether the token is accepted are decoded strictly (a wrong type fails the whole
/// token); profile hints are decoded leniently, since a malformed name must not block a sign-in.
struct IdentityTokenClaims: Decodable, Sendable {
    var issuer: String?
    var subject: String?
    /// `aud` may be one string or an array (RFC 7519 §4.1.3); both become a list.
    var audiences: [String]
    var expiresAt: Double?
    var issuedAt: Double?
    var notBefore: Double?
    var nonce: String?
    var email: String?
    /// Apple has sent this as a boolean and as the strings "true"/"false".
    var emailVerified: Bool?
    var name: String?
    var givenName: String?
    var familyName: String?
    var picture: String?

    private enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, nonce, email, name, picture
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try container.decodeIfPresent(String.self, forKey: .iss)
        subject = try container.decodeIfPresent(String.self, forKey: .sub)
        if let single = try? container.decodeIfPresent(String.self, forKey: .aud) {
            audiences = [single]
        } else {
            audiences = try container.decodeIfPresent([String].self, forKey: .aud) ?? []
        }
        expiresAt = try container.decodeIfPresent(Double.self, forKey: .exp)
        issuedAt = try container.decodeIfPresent(Double.self, forKey: .iat)
        notBefore = try container.decodeIfPresent(Double.self, forKey: .nbf)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try? container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else if let text = try? container.decodeIfPresent(String.self, forKey: .emailVerified) {
            emailVerified = text.lowercased() == "true"
        }
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        givenName = try? container.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try? container.decodeIfPresent(String.self, forKey: .familyName)
        picture = try? container.decodeIfPresent(String.self, forKey: .picture)
    }

    /// `name`, or the given and family names joined, when the token carries any.
    var displayName: String? {
        if let name = name?.trimmed, !name.isEmpty { return name }
        let parts = [givenName, familyName].compactMap { $0?.trimmed }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Nil for an empty or blank string, so "" never reaches an `ExternalIdentity`.
    var nonBlank: String? { trimmed.isEmpty ? nil : self }
}
