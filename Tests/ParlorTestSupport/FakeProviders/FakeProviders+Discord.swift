extension FakeProviders {
    /// A single-use authorization code for `user`, as Discord issues after consent.
    ///
    /// The token endpoint accepts it once, with the same `redirectURI` and, when `codeVerifier` is given,
    /// the PKCE verifier whose S256 challenge the fake recorded; otherwise it answers 400 `invalid_grant`.
    public func discordCode(for user: FakeDiscordUser, redirectURI: String, codeVerifier: String? = nil) async -> String {
        await state.discordCode(for: user, redirectURI: redirectURI, codeVerifier: codeVerifier)
    }

    /// How many requests the token endpoint has received.
    public var discordTokenRequests: Int { get async { await state.discordTokenRequests } }
}
