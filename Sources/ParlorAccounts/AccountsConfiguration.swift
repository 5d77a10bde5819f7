import Foundation
import ParlorHTTP
import SignInProviders

/// How accounts, sessions and sign-in behave; every outbound URL is configurable for tests.
public struct AccountsConfiguration: Sendable {
    /// The address clients reach this server at; the `iss` of every token and the base of links.
    public var publicURL: URL
    public var accessTokenLifetime: Duration = .seconds(15 * 60)
    /// A session ends when it goes this long without a refresh.
    public var refreshTokenLifetime: Duration = .seconds(60 * 24 * 3600)
    /// A new signing key is made when the newest is older than this.
    public var keyRotationInterval: Duration = .seconds(30 * 24 * 3600)
    /// A superseded key stays published (and accepted) this long: longer than any token it signed lives.
    public var keyRetention: Duration = .seconds(24 * 3600)
    /// Seal the signing keys in the database. `parlor serve` reads them from the settings or
    /// its data directory; the default lives only as long as this process.
    public var keyEncryption: KeyEncryptionKeys = .processLocal
    public var passwordResetLifetime: Duration = .seconds(30 * 60)
    /// How long a mailed email verification code works, and how many guesses it allows.
    public var emailCodeLifetime: Duration = .seconds(30 * 60)
    public var emailCodeAttempts = 5
    /// Mail password resets only to verified addresses, and let only verified accounts withdraw money.
    public var requireVerifiedEmail = false
    public var launchCodeLifetime: Duration = .seconds(60)
    public var appTokenLifetime: Duration = .seconds(15 * 60)
    /// bcrypt's work factor: 12 in production; tests lower it to stay fast.
    public var bcryptCost: UInt8 = 12
    public var rateLimits: RateLimitPolicy = .standard
    /// The link a reset mail carries; the token is appended.
    public var passwordResetLink: String?
    public var apple = AppleSignInConfiguration()
    public var discord = DiscordSignInConfiguration()
    public var facebook = FacebookSignInConfiguration()
    public var gameCenter = GameCenterSignInConfiguration()
    /// Apple's token endpoints, to keep refresh tokens and revoke them when an account is deleted.
    public var appleTokens: AppleTokenConfiguration?
    /// Serve and register the demo mini app under `/miniapps/demo`.
    public var demoMiniApp = true

    public init(publicURL: URL) {
        self.publicURL = publicURL
    }

    /// The `iss` claim: the public URL without a trailing slash.
    package var issuer: String {
        var text = publicURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    var resetLinkPrefix: String { passwordResetLink ?? "\(issuer)/reset-password?token=" }
}

/// Attempts allowed per client address and per account, in fixed windows.
public struct RateLimitPolicy: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var limit: Int
        public var window: Duration

        public init(_ limit: Int, per window: Duration) {
            self.limit = limit
            self.window = window
        }
    }

    public var signInPerAddress: Rule
    public var signInPerAccount: Rule
    public var signUpPerAddress: Rule
    public var resetPerAddress: Rule
    public var resetPerAccount: Rule
    /// Tandem uploads (`POST /sync/events`) per account: a device syncs after each game and on
    /// launch, so a few a minute is generous; a loop that uploads forever is not.
    public var syncUploadsPerUser = Rule(120, per: .seconds(3600))
    /// Email verification codes mailed again on request, per account.
    public var verificationMailPerAccount = Rule(3, per: .seconds(3600))
    /// Friend requests sent (`POST /friends/requests`), per user: a player adds a few friends at a
    /// time; a script asking everyone is stopped.
    public var friendRequestsPerUser = Rule(30, per: .seconds(3600))
    /// Invitation requests (`POST /games/{id}/invitations`), per user.
    public var invitationsPerUser = Rule(60, per: .seconds(3600))
    /// User searches (`GET /users/search`), per user: the app searches as the player types
    /// (debounced), so a burst is normal; walking the whole directory is not.
    public var userSearchesPerUser = Rule(60, per: .seconds(60))
    /// Purchase verifications (`POST /purchases/verify`), per user: a restore posts every
    /// transaction of the account at once.
    public var purchaseVerificationsPerUser = Rule(100, per: .seconds(3600))
    /// Reports of other users (`POST /reports`), per user: a player reports the odd bad game; a
    /// flood of reports is itself abuse.
    public var reportsPerUser = Rule(10, per: .seconds(3600))

    public init(signInPerAddress: Rule, signInPerAccount: Rule, signUpPerAddress: Rule, resetPerAddress: Rule, resetPerAccount: Rule) {
        self.signInPerAddress = signInPerAddress
        self.signInPerAccount = signInPerAccount
        self.signUpPerAddress = signUpPerAddress
        self.resetPerAddress = resetPerAddress
        self.resetPerAccount = resetPerAccount
    }

    public static let standard = RateLimitPolicy(
        signInPerAddress: Rule(60, per: .seconds(60)),
        signInPerAccount: Rule(10, per: .seconds(15 * 60)),
        signUpPerAddress: Rule(30, per: .seconds(3600)),
        resetPerAddress: Rule(10, per: .seconds(3600)),
        resetPerAccount: Rule(3, per: .seconds(3600))
    )

    /// Every rule of the policy.
    static var rules: [WritableKeyPath<RateLimitPolicy, Rule>] {
        [
            \.signInPerAddress, \.signInPerAccount, \.signUpPerAddress, \.resetPerAddress, \.resetPerAccount, \.syncUploadsPerUser,
            \.verificationMailPerAccount, \.friendRequestsPerUser, \.invitationsPerUser, \.userSearchesPerUser, \.purchaseVerificationsPerUser,
            \.reportsPerUser,
        ]
    }

    /// No practical limit, for load tests and trusted networks.
    public static let off = rules.reduce(standard) { $0.with($1, Rule(.max, per: .seconds(1))) }

    /// This policy with one rule changed.
    public func with(_ rule: WritableKeyPath<RateLimitPolicy, Rule>, _ value: Rule) -> RateLimitPolicy {
        var copy = self
        copy[keyPath: rule] = value
        return copy
    }
}
