/// A Discord account the fake knows, as `GET /users/@me` describes it.
public struct FakeDiscordUser: Sendable, Equatable {
    public var id: String
    public var username: String
    public var globalName: String?
    /// The avatar hash, or nil for the default avatar.
    public var avatar: String?
    public var email: String?
    /// Whether Discord has verified `email`.
    public var verified: Bool

    public init(
        id: String = "80351110224678912",
        username: String = "nelly",
        globalName: String? = "Nelly",
        avatar: String? = "8342729096ea3675442027381ff50dfe",
        email: String? = "nelly@example.com",
        verified: Bool = true
    ) {
        self.id = id
        self.username = username
        self.globalName = globalName
        self.avatar = avatar
        self.email = email
        self.verified = verified
    }

    var json: FakeJSON {
        [
            "id": .string(id), "username": .string(username), "global_name": .optional(globalName),
            "avatar": .optional(avatar), "email": .optional(email), "verified": .bool(verified),
            "discriminator": "0", "mfa_enabled": false, "locale": "en-US",
        ]
    }
}
