import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Discord sign-in")
struct DiscordSignInTests {
    private func rejected(_ reason: String) -> SignInError { .invalidCredential(provider: .discord, reason: reason) }

    @Test func exchangesACodeWithPKCEAndMapsTheUser() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let code = await fake.discordCode(
                for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: Fixture.codeVerifier)
            let identity = try await verifier.discord(
                code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: Fixture.codeVerifier)
            #expect(
                identity
                    == ExternalIdentity(
                        provider: .discord, subject: "80351110224678912", email: "nelly@example.com", emailVerified: true,
                        displayName: "Nelly",
                        avatarURL: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png"))
        }
    }

    @Test func exchangesACodeWithoutPKCE() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let user = FakeDiscordUser(id: "42", username: "plain", globalName: nil, avatar: nil, email: "p@example.com", verified: false)
            let code = await fake.discordCode(for: user, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            let identity = try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            #expect(
                identity
                    == ExternalIdentity(
                        provider: .discord, subject: "42", email: "p@example.com", emailVerified: false, displayName: "plain",
                        avatarURL: nil))
        }
    }

    @Test func rejectsTheWrongCodeVerifier() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let code = await fake.discordCode(
                for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: Fixture.codeVerifier)
            await #expect(throws: rejected("authorization code rejected (invalid_grant)")) {
                try await verifier.discord(
                    code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: Fixture.codeVerifier + "x")
            }
        }
    }

    @Test func rejectsAReusedCode() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            _ = try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            await #expect(throws: rejected("authorization code rejected (invalid_grant)")) {
                try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            }
            #expect(await fake.discordTokenRequests == 2)
        }
    }

    @Test func rejectsARedirectURIThatIsNotConfiguredWithoutAskingDiscord() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: "https://evil.example/cb", codeVerifier: nil)
            await #expect(throws: rejected("redirect URI not allowed")) {
                try await verifier.discord(code: code, redirectURI: "https://evil.example/cb", codeVerifier: nil)
            }
            #expect(await fake.requestCount == 0)
        }
    }

    @Test func rejectsWhenDiscordRefusesTheClient() async throws {
        try await withFakeAndVerifier(configure: { $0.discord.clientSecret = "stale-secret" }) { fake, verifier in
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            await #expect(throws: rejected("authorization code rejected (invalid_client)")) {
                try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            }
        }
    }

    @Test func discordDownIsUnavailable() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let code = await fake.discordCode(for: FakeDiscordUser(), redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            await fake.setDown(true)
            await #expect(throws: SignInError.providerUnavailable(provider: .discord, reason: "token endpoint answered HTTP 503")) {
                try await verifier.discord(code: code, redirectURI: Fixture.discordRedirectURI, codeVerifier: nil)
            }
        }
    }
}
