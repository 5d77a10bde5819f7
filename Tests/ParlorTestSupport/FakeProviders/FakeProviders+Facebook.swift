import Foundation

extension FakeProviders {
    /// The issuer Facebook Limited Login tokens carry.
    public static let facebookLimitedIssuer = "https://www.facebook.com"

    /// A classic Facebook user access token.
    ///
    /// - Parameters:
    ///   - appID: the app it was issued to, default `facebookAppID`.
    ///   - isValid: what `debug_token` reports as `is_valid`.
    ///   - profileID: the id `/me` reports, default `userID`; set it to test the cross-check.
    public func facebookToken(
        userID: String,
        name: String,
        email: String? = nil,
        appID: String? = nil,
        isValid: Bool = true,
        profileID: String? = nil
    ) async -> String {
        await state.facebookToken(userID: userID, name: name, email: email, appID: appID, isValid: isValid, profileID: profileID)
    }

    /// A Limited Login id token signed with the published key; `nonce` is carried as it is.
    public func facebookLimitedToken(
        sub: String,
        aud: String,
        nonce: String?,
        name: String? = nil,
        email: String? = nil,
        picture: String? = nil,
        iss: String = FakeProviders.facebookLimitedIssuer,
        expiresIn: TimeInterval = 600
    ) async throws -> String {
        try await state.facebookLimitedToken(
            FakeFacebookLimitedTokenRequest(
                sub: sub, aud: aud, nonce: nonce, name: name, email: email, picture: picture, iss: iss,
                expiresIn: expiresIn))
    }

    /// How many times the Limited Login key set has been fetched.
    public var facebookLimitedKeyFetches: Int { get async { await state.facebookLimitedKeyFetches } }

    /// How many requests `debug_token` has received.
    public var facebookDebugTokenRequests: Int { get async { await state.facebookDebugTokenRequests } }
}
