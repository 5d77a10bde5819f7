import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Facebook Limited Login")
struct FacebookLimitedLoginTests {
    private func rejected(_ reason: String) -> SignInError { .invalidCredential(provider: .facebook, reason: reason) }

    @Test func acceptsAValidTokenAndMapsItsClaims() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.facebookLimitedToken(
                sub: "10158", aud: fake.facebookAppID, nonce: "n-123", name: "Zuck Test", email: "zt@example.com",
                picture: "https://example.com/p.jpg")
            let identity = try await verifier.facebookLimitedLogin(idToken: token, rawNonce: "n-123")
            #expect(
                identity
                    == ExternalIdentity(
                        provider: .facebook, subject: "10158", email: "zt@example.com", emailVerified: false,
                        displayName: "Zuck Test", avatarURL: "https://example.com/p.jpg"))
            _ = try await verifier.facebookLimitedLogin(idToken: token, rawNonce: "n-123")
            #expect(await fake.facebookLimitedKeyFetches == 1)
        }
    }

    @Test func rejectsAnotherAudience() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.facebookLimitedToken(sub: "1", aud: "another-app", nonce: "n")
            await #expect(throws: rejected("audience not allowed")) {
                try await verifier.facebookLimitedLogin(idToken: token, rawNonce: "n")
            }
        }
    }

    @Test func rejectsTheWrongNonce() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.facebookLimitedToken(sub: "1", aud: fake.facebookAppID, nonce: "n")
            await #expect(throws: rejected("nonce mismatch")) {
                try await verifier.facebookLimitedLogin(idToken: token, rawNonce: "m")
            }
        }
    }

    @Test func rejectsAnotherIssuer() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.facebookLimitedToken(
                sub: "1", aud: fake.facebookAppID, nonce: "n", iss: "https://limited.facebook.com")
            await #expect(throws: rejected("issuer mismatch")) {
                try await verifier.facebookLimitedLogin(idToken: token, rawNonce: "n")
            }
        }
    }
}
