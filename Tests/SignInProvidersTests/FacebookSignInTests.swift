import Foundation
import ParlorTestSupport
import SignInProviders
import Testing

@Suite("Facebook Login (access token)")
struct FacebookSignInTests {
    private func rejected(_ reason: String) -> SignInError { .invalidCredential(provider: .facebook, reason: reason) }

    @Test func acceptsAValidTokenAndMapsTheProfile() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "10158", name: "Zuck Test", email: "zt@example.com")
            let identity = try await verifier.facebook(accessToken: token)
            #expect(
                identity
                    == ExternalIdentity(
                        provider: .facebook, subject: "10158", email: "zt@example.com", emailVerified: false,
                        displayName: "Zuck Test",
                        avatarURL: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158"))
        }
    }

    @Test func rejectsATokenFacebookSaysIsInvalid() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "1", name: "N", isValid: false)
            await #expect(throws: rejected("token not valid")) { try await verifier.facebook(accessToken: token) }
        }
    }

    @Test func rejectsATokenIssuedToAnotherApp() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "1", name: "N", appID: "999")
            await #expect(throws: rejected("token issued for another app")) { try await verifier.facebook(accessToken: token) }
        }
    }

    @Test func rejectsAProfileThatIsNotTheTokensUser() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "1", name: "N", profileID: "2")
            await #expect(throws: rejected("token user mismatch")) { try await verifier.facebook(accessToken: token) }
        }
    }

    @Test func rejectsATokenFacebookCannotParse() async throws {
        try await withFakeAndVerifier { _, verifier in
            await #expect(throws: rejected("debug_token refused the token")) {
                try await verifier.facebook(accessToken: "EAA&made=up|token")
            }
        }
    }

    @Test func facebookDownIsUnavailable() async throws {
        try await withFakeAndVerifier { fake, verifier in
            let token = await fake.facebookToken(userID: "1", name: "N")
            await fake.setDown(true)
            await #expect(throws: SignInError.providerUnavailable(provider: .facebook, reason: "debug_token answered HTTP 503")) {
                try await verifier.facebook(accessToken: token)
            }
        }
    }
}
