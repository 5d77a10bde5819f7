import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Provider failures and configuration")
struct ProviderFailureTests {
    @Test func unconfiguredProvidersSayNotConfigured() async throws {
        try await FakeProviders.run { fake in
            var setup = VerifierSetup(fake: fake)
            setup.apple = AppleSignInConfiguration(keysURL: fake.appleKeysURL)
            setup.discord = DiscordSignInConfiguration(apiBaseURL: fake.discordAPIBaseURL)
            setup.facebook = FacebookSignInConfiguration(graphBaseURL: fake.facebookGraphBaseURL)
            try await withVerifier(setup) { verifier in
                await #expect(throws: SignInError.notConfigured(provider: .apple)) {
                    try await verifier.apple(identityToken: "t", rawNonce: nil)
                }
                await #expect(throws: SignInError.notConfigured(provider: .discord)) {
                    try await verifier.discord(code: "c", redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
                }
                await #expect(throws: SignInError.notConfigured(provider: .facebook)) {
                    try await verifier.facebook(accessToken: "t")
                }
                await #expect(throws: SignInError.notConfigured(provider: .facebook)) {
                    try await verifier.facebookLimitedLogin(idToken: "t", rawNonce: nil)
                }
            }
            #expect(await fake.requestCount == 0)
        }
    }

    @Test func limitedLoginNeedsNoAppSecret() async throws {
        try await withFakeAndVerifier(configure: { $0.facebook.appSecret = "" }) { fake, verifier in
            await #expect(throws: SignInError.notConfigured(provider: .facebook)) {
                try await verifier.facebook(accessToken: "t")
            }
            let token = try await fake.facebookLimitedToken(sub: "1", aud: fake.facebookAppID, nonce: nil)
            #expect(try await verifier.facebookLimitedLogin(idToken: token, rawNonce: nil).subject == "1")
        }
    }

    @Test func garbageAnswersAreUnavailable() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let appleToken = try await fake.appleToken(sub: "1", aud: Fixture.appleClientID)
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            let facebookToken = await fake.facebookToken(userID: "1", name: "N")
            await fake.setFault(.garbage)
            await #expect(throws: SignInError.providerUnavailable(provider: .apple, reason: "signing keys answer is not a key set")) {
                try await verifier.apple(identityToken: appleToken, rawNonce: nil)
            }
            await #expect(
                throws: SignInError.providerUnavailable(provider: .discord, reason: "token endpoint answered an unreadable body")
            ) {
                try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            }
            await #expect(
                throws: SignInError.providerUnavailable(provider: .facebook, reason: "debug_token answered an unreadable body")
            ) {
                try await verifier.facebook(accessToken: facebookToken)
            }
        }
    }

    @Test func oversizedAnswersAreUnavailable() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "1", name: "N")
            await fake.setFault(.oversized)
            await expectUnavailable(.facebook, reasonPrefix: "debug_token request failed: response larger than") {
                () async throws(SignInError) in try await verifier.facebook(accessToken: token)
            }
        }
    }

    @Test func slowProvidersTimeOut() async throws {
        try await withFakeAndVerifier(configure: { $0.timeout = .milliseconds(100) }) { fake, verifier in
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            // Had the timeout not fired, the slow answer would arrive and the sign-in succeed.
            await fake.setFault(.slow(.seconds(1)))
            await #expect(throws: SignInError.providerUnavailable(provider: .discord, reason: "token request timed out")) {
                try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            }
        }
    }

    @Test func refusedConnectionsAreUnavailable() async throws {
        // Port 1 on loopback has no listener, so the connection is refused at once.
        let closed = URL(string: "http://127.0.0.1:1")!
        try await FakeProviders.run { fake in
            var setup = VerifierSetup(fake: fake)
            setup.apple.keysURL = closed.appendingPathComponent("auth/keys")
            setup.discord.apiBaseURL = closed
            setup.facebook.graphBaseURL = closed
            let appleToken = try await fake.appleToken(sub: "1", aud: Fixture.appleClientID)
            try await withVerifier(setup) { verifier in
                await expectUnavailable(.apple, reasonPrefix: "signing keys request failed") {
                    () async throws(SignInError) in try await verifier.apple(identityToken: appleToken, rawNonce: nil)
                }
                await expectUnavailable(.discord, reasonPrefix: "token request failed") {
                    () async throws(SignInError) in
                    try await verifier.discord(code: "c", redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
                }
                await expectUnavailable(.facebook, reasonPrefix: "debug_token request failed") {
                    () async throws(SignInError) in try await verifier.facebook(accessToken: "t")
                }
            }
        }
    }

    @Test func refusedConnectionsWithRetriesEndAtTheTimeout() async throws {
        try await FakeProviders.run { fake in
            var setup = VerifierSetup(fake: fake)
            setup.discord.apiBaseURL = URL(string: "http://127.0.0.1:1")!
            setup.retryConnections = true
            setup.timeout = .milliseconds(300)
            try await withVerifier(setup) { verifier in
                await #expect(throws: SignInError.providerUnavailable(provider: .discord, reason: "token request timed out")) {
                    try await verifier.discord(code: "c", redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
                }
            }
        }
    }

    @Test func errorsDescribeThemselvesWithoutSecrets() {
        #expect(
            SignInError.invalidCredential(provider: .apple, reason: "token expired").description
                == "apple credential rejected: token expired")
        #expect(SignInError.notConfigured(provider: .discord).description == "discord sign-in is not configured")
        #expect(SignInError.providerUnavailable(provider: .facebook, reason: "x").provider == .facebook)
    }
}
