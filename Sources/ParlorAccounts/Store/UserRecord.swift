
/// A row of `users`, as stored.
package struct UserRecord: Codable, Sendable, Equatable {
    var id: String
    var username: String
    var usernameKey: String
    var displayName: String
    var email: String?
    var emailKey: String?
    var emailVerified: Int64
    var avatarUrl: String?
    /// A JSON object, kept as text so both databases store it the same way.
    var preferences: String
    var passwordHash: String?
    /// `admin`, `moderator` (a ``StaffRole``) or nil for a player.
    var role: String?
    var createdAt: Int64
    var lastActiveAt: Int64
    var deletedAt: Int64?
    /// The user's language, a BCP 47 tag (`en`, `pt-BR`): what their mail is written in.
    var locale: String?

    var isDeleted: Bool { deletedAt != nil }
    var staffRole: StaffRole? { role.flatMap(StaffRole.init(rawValue:)) }
}

/// A row of `identities`: one way to sign in (a device, Apple, Discord, Facebook) linked to a user.
struct IdentityRecord: Codable, Sendable, Equatable {
    var provider: String
    var subject: String
    var userId: String
    var email: String?
    var createdAt: Int64
}
