/// Who a provider says the user is, after the credential has been verified.
///
/// `subject` is the provider's stable identifier for the user (Apple `sub`, Discord `id`, Facebook user
/// id); together with `provider` it is the key an account is linked by. The other fields are hints for a
/// new profile and may change or disappear between sign-ins.
public struct ExternalIdentity: Sendable, Equatable {
    public var provider: SignInProvider
    public var subject: String
    public var email: String?
    /// True only when the provider vouches that the user controls `email`.
    public var emailVerified: Bool
    public var displayName: String?
    public var avatarURL: String?

    public init(
        provider: SignInProvider,
        subject: String,
        email: String? = nil,
        emailVerified: Bool = false,
        displayName: String? = nil,
        avatarURL: String? = nil
    ) {
        self.provider = provider
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.avatarURL = avatarURL
    }
}
