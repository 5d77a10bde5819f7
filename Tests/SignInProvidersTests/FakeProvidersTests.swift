import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

/// The fake is shared with the server's tests, so its own lifecycle is checked here.
@Suite("Fake providers")
struct FakeProvidersTests {
    private struct Boom: Error, Equatable {}

    @Test func stopsListeningWhenRunReturns() async throws {
        let (setup, token) = try await FakeProviders.run { fake in
            (VerifierSetup(fake: fake), try await fake.appleToken(sub: "gone", aud: Fixture.appleClientID))
        }
        try await withVerifier(setup) { verifier in
            await expectUnavailable(.apple, reasonPrefix: "signing keys request failed") {
                () async throws(SignInError) in try await verifier.apple(identityToken: token, rawNonce: nil)
            }
        }
    }

    @Test func rethrowsWhatTheBodyThrows() async throws {
        await #expect(throws: Boom()) {
            try await FakeProviders.run { _ in throw Boom() }
        }
    }

    @Test func servesEachRunOnItsOwnPort() async throws {
        try await FakeProviders.run { first in
            try await FakeProviders.run { second in
                #expect(first.baseURL != second.baseURL)
                #expect(first.appleKeysURL.host == "127.0.0.1")
            }
        }
    }
}
