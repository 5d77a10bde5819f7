import Crypto
import Foundation

/// Everything the fake providers remember: keys, issued codes and tokens, counters and the current fault.
///
/// One actor for all three providers keeps the routes simple; the per-provider parts live in extensions.
actor FakeProviderState {
    /// What a Discord authorization code was issued for.
    struct DiscordGrant {
        var user: FakeDiscordUser
        var redirectURI: String
        /// base64url(SHA-256(verifier)), the S256 PKCE challenge, when the client used PKCE.
        var codeChallenge: String?
    }

    /// A Facebook user access token the fake issued.
    struct FacebookToken {
        var userID: String
        var name: String
        var email: String?
        var appID: String
        var isValid: Bool
        /// The id `/me` reports; differs from `userID` only to test the verifier's cross-check.
        var profileID: String
    }

    let discordClientID: String
    let discordClientSecret: String
    let facebookAppID: String
    let facebookAppSecret: String

    var fault: FakeProviderFault = .healthy
    var requestCount = 0
    private var nextKeyIndex = 0

    var appleKeys: [FakeSigningKey] = []
    let appleECKey: FakeSigningKey
    var appleUnpublishedKey: FakeSigningKey?
    var appleKeyFetches = 0
    var appleKeysMaxAge = 3600

    var discordGrants: [String: DiscordGrant] = [:]
    var discordAccessTokens: [String: FakeDiscordUser] = [:]
    var discordTokenRequests = 0

    var facebookTokens: [String: FacebookToken] = [:]
    var facebookLimitedKey: FakeSigningKey?
    var facebookLimitedKeyFetches = 0
    var facebookDebugTokenRequests = 0
    /// The time the fake issues tokens at: the test's clock, so that a verifier on the same clock
    /// never sees a token from its future, however long a loaded machine takes.
    let now: @Sendable () -> Date

    init(
        discordClientID: String, discordClientSecret: String, facebookAppID: String, facebookAppSecret: String,
        now: @escaping @Sendable () -> Date
    ) async throws {
        self.now = now
        self.discordClientID = discordClientID
        self.discordClientSecret = discordClientSecret
        self.facebookAppID = facebookAppID
        self.facebookAppSecret = facebookAppSecret
        appleECKey = FakeSigningKey(kid: "apple-ec", material: .p256(P256.Signing.PrivateKey()))
        appleKeys = [try await newRSAKey(prefix: "apple")]
        facebookLimitedKey = try await newRSAKey(prefix: "facebook-limited")
    }

    /// A fresh key, distinct from every other key of this fake.
    func newRSAKey(prefix: String) async throws -> FakeSigningKey {
        let index = nextKeyIndex
        nextKeyIndex += 1
        return FakeSigningKey(kid: "\(prefix)-\(index)", material: .rsa(try await FakeRSAKeyPool.shared.key(index)))
    }

    func setFault(_ fault: FakeProviderFault) { self.fault = fault }

    /// Counts the request and returns the fault to apply to it.
    func recordRequest() -> FakeProviderFault {
        requestCount += 1
        return fault
    }

    /// A random, URL-safe secret such as a code or an access token.
    static func randomToken(prefix: String) -> String {
        prefix + "-" + FakeBase64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }
}
