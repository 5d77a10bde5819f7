import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Apple signing-key cache")
struct AppleKeyCacheTests {
    private let unknownKey = SignInError.invalidCredential(provider: .apple, reason: "unknown signing key")

    @Test func fetchesTheKeySetOnceAcrossSignIns() async throws {
        try await withFakeAndVerifier { fake, verifier in
            for subject in ["a", "b", "c"] {
                let token = try await fake.appleToken(sub: subject, aud: Fixture.appleClientID)
                #expect(try await verifier.apple(identityToken: token, rawNonce: nil).subject == subject)
            }
            #expect(await fake.appleKeyFetches == 1)
        }
    }

    @Test func concurrentSignInsShareOneFetch() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = try await fake.appleToken(sub: "concurrent", aud: Fixture.appleClientID)
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await verifier.apple(identityToken: token, rawNonce: nil).subject }
                }
                for try await subject in group { #expect(subject == "concurrent") }
            }
            #expect(await fake.appleKeyFetches == 1)
        }
    }

    @Test func refetchesOnceForAnUnknownKeyAfterRotation() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let before = try await fake.appleToken(sub: "r1", aud: Fixture.appleClientID)
            _ = try await verifier.apple(identityToken: before, rawNonce: nil)
            try await fake.rotateAppleKey()
            let after = try await fake.appleToken(sub: "r2", aud: Fixture.appleClientID)
            #expect(try await verifier.apple(identityToken: after, rawNonce: nil).subject == "r2")
            #expect(await fake.appleKeyFetches == 2)
        }
    }

    @Test func unknownKeysRefetchAtMostOncePerCooldown() async throws {
        let clock = TestClock()
        try await withFakeAndVerifier(clock: clock) { fake, verifier in
            let good = try await fake.appleToken(sub: "g", aud: Fixture.appleClientID)
            _ = try await verifier.apple(identityToken: good, rawNonce: nil)
            #expect(await fake.appleKeyFetches == 1)

            let forged = try await fake.appleToken(sub: "f", aud: Fixture.appleClientID, signedWithUnpublishedKey: true)
            await #expect(throws: unknownKey) { try await verifier.apple(identityToken: forged, rawNonce: nil) }
            #expect(await fake.appleKeyFetches == 2)

            let bogusKid = try await fake.appleToken(sub: "f", aud: Fixture.appleClientID, kid: "made-up")
            await #expect(throws: unknownKey) { try await verifier.apple(identityToken: bogusKid, rawNonce: nil) }
            await #expect(throws: unknownKey) { try await verifier.apple(identityToken: forged, rawNonce: nil) }
            #expect(await fake.appleKeyFetches == 2)

            clock.advance(by: 61)
            let later = try await fake.appleToken(sub: "f", aud: Fixture.appleClientID, issuedAt: clock.now, kid: "made-up")
            await #expect(throws: unknownKey) { try await verifier.apple(identityToken: later, rawNonce: nil) }
            #expect(await fake.appleKeyFetches == 3)
        }
    }

    @Test func honoursMaxAge() async throws {
        let clock = TestClock()
        try await withFakeAndVerifier(clock: clock) { fake, verifier in
            await fake.setAppleKeysMaxAge(120)
            _ = try await verifier.apple(identityToken: try await fake.appleToken(sub: "m", aud: Fixture.appleClientID), rawNonce: nil)
            clock.advance(by: 119)
            let second = try await fake.appleToken(sub: "m", aud: Fixture.appleClientID, issuedAt: clock.now)
            _ = try await verifier.apple(identityToken: second, rawNonce: nil)
            #expect(await fake.appleKeyFetches == 1)
            clock.advance(by: 2)
            let third = try await fake.appleToken(sub: "m", aud: Fixture.appleClientID, issuedAt: clock.now)
            _ = try await verifier.apple(identityToken: third, rawNonce: nil)
            #expect(await fake.appleKeyFetches == 2)
        }
    }

    @Test func keepsExpiredKeysWhileTheKeyEndpointIsDown() async throws {
        let clock = TestClock()
        try await withFakeAndVerifier(clock: clock) { fake, verifier in
            _ = try await verifier.apple(identityToken: try await fake.appleToken(sub: "k", aud: Fixture.appleClientID), rawNonce: nil)
            await fake.setDown(true)
            clock.advance(by: 3601)
            let token = try await fake.appleToken(sub: "k", aud: Fixture.appleClientID, issuedAt: clock.now)
            #expect(try await verifier.apple(identityToken: token, rawNonce: nil).subject == "k")
            // The failed refresh is not retried on every sign-in.
            let requests = await fake.requestCount
            _ = try await verifier.apple(identityToken: token, rawNonce: nil)
            #expect(await fake.requestCount == requests)
        }
    }

    @Test func keyEndpointDownWithNothingCachedIsUnavailable() async throws {
        try await withFakeAndVerifier { fake, verifier in
            await fake.setDown(true)
            let token = try await fake.appleToken(sub: "d", aud: Fixture.appleClientID)
            await expectUnavailable(.apple, reasonPrefix: "signing keys answered HTTP 503") {
                () async throws(SignInError) in try await verifier.apple(identityToken: token, rawNonce: nil)
            }
        }
    }
}
