import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Sign in with Apple")
struct AppleSignInTests {
    private func rejected(_ reason: String) -> SignInError { .invalidCredential(provider: .apple, reason: reason) }

    @Test func acceptsAValidTokenAndMapsItsClaims() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(
                sub: "001234.abcdef", aud: Fixture.appleClientID, nonce: "raw-nonce", email: "x@privaterelay.appleid.com")
            let identity = try await verifier.apple(identityToken: token, rawNonce: "raw-nonce")
            #expect(
                identity
                    == ExternalIdentity(
                        provider: .apple, subject: "001234.abcdef", email: "x@privaterelay.appleid.com", emailVerified: true))
        }
    }

    @Test func acceptsATokenWithoutNonceWhenNoneIsGiven() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "002", aud: Fixture.appleClientID)
            let identity = try await verifier.apple(identityToken: token, rawNonce: nil)
            #expect(identity.subject == "002")
            #expect(identity.email == nil)
            #expect(identity.emailVerified == false)
        }
    }

    @Test(arguments: [true, false])
    func readsEmailVerifiedWrittenAsAString(_ verified: Bool) async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(
                sub: "003", aud: Fixture.appleClientID, email: "a@example.com", emailVerified: verified,
                emailVerifiedAsString: true)
            #expect(try await verifier.apple(identityToken: token, rawNonce: nil).emailVerified == verified)
        }
    }

    @Test func acceptsAnES256Token() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "004", aud: Fixture.appleClientID, algorithm: .es256)
            #expect(try await verifier.apple(identityToken: token, rawNonce: nil).subject == "004")
        }
    }

    @Test func rejectsATamperedToken() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "005", aud: Fixture.appleClientID, tamper: true)
            await #expect(throws: rejected("signature invalid")) { try await verifier.apple(identityToken: token, rawNonce: nil) }
        }
    }

    @Test(arguments: [FakeTokenAlgorithm.none, .hs256])
    func rejectsForgeableAlgorithms(_ algorithm: FakeTokenAlgorithm) async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "006", aud: Fixture.appleClientID, algorithm: algorithm)
            await #expect(throws: rejected("unsupported algorithm")) {
                try await verifier.apple(identityToken: token, rawNonce: nil)
            }
            #expect(await fake.appleKeyFetches == 0)
        }
    }

    @Test func rejectsAMalformedToken() async throws {
        try await withFakeAndVerifier { _, verifier in
            await #expect(throws: rejected("malformed token")) { try await verifier.apple(identityToken: "a.b", rawNonce: nil) }
            await #expect(throws: rejected("malformed token")) { try await verifier.apple(identityToken: "", rawNonce: nil) }
        }
    }

    @Test func rejectsAnotherAudience() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "007", aud: "com.example.other")
            await #expect(throws: rejected("audience not allowed")) { try await verifier.apple(identityToken: token, rawNonce: nil) }
        }
    }

    @Test func rejectsAnotherIssuer() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "008", aud: Fixture.appleClientID, iss: "https://evil.example")
            await #expect(throws: rejected("issuer mismatch")) { try await verifier.apple(identityToken: token, rawNonce: nil) }
        }
    }

    @Test func rejectsAnExpiredTokenBeyondTheLeeway() async throws {
        let clock = TestClock()
        try await withFakeAndVerifier(clock: clock) { fake, verifier in
            let token = try await fake.appleToken(sub: "009", aud: Fixture.appleClientID, issuedAt: clock.now, expiresIn: 600)
            clock.advance(by: 600 + 59)
            #expect(try await verifier.apple(identityToken: token, rawNonce: nil).subject == "009")
            clock.advance(by: 2)
            await #expect(throws: rejected("token expired")) { try await verifier.apple(identityToken: token, rawNonce: nil) }
        }
    }

    @Test func rejectsATokenIssuedInTheFuture() async throws {
        let clock = TestClock()
        try await withFakeAndVerifier(clock: clock) { fake, verifier in
            let token = try await fake.appleToken(
                sub: "010", aud: Fixture.appleClientID, issuedAt: clock.now.addingTimeInterval(300))
            await #expect(throws: rejected("token issued in the future")) {
                try await verifier.apple(identityToken: token, rawNonce: nil)
            }
        }
    }

    @Test func rejectsTheWrongNonce() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "011", aud: Fixture.appleClientID, nonce: "the-real-one")
            await #expect(throws: rejected("nonce mismatch")) { try await verifier.apple(identityToken: token, rawNonce: "another") }
            // The hash itself is not the raw nonce: a client replaying the token's claim must fail too.
            await #expect(throws: rejected("nonce mismatch")) {
                try await verifier.apple(
                    identityToken: token, rawNonce: "4f5e9a6ae6b5f0a9f9c2e2b4f1f4c3e2d1c0b9a8f7e6d5c4b3a29180706050403")
            }
        }
    }

    @Test func rejectsATokenWithANonceWhenNoneIsGiven() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "012", aud: Fixture.appleClientID, nonce: "bound")
            await #expect(throws: rejected("nonce required")) { try await verifier.apple(identityToken: token, rawNonce: nil) }
        }
    }

    @Test func rejectsATokenWithoutNonceWhenOneIsGiven() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "013", aud: Fixture.appleClientID)
            await #expect(throws: rejected("nonce missing from token")) {
                try await verifier.apple(identityToken: token, rawNonce: "expected")
            }
        }
    }
}
