import ParlorAPI
import ServerTestSupport
import Foundation
import OpenAPIRuntime
import ParlorClient
import ParlorTestSupport
import Testing
import TestSupport

/// Every sign-in method of the server through the SDK's entry point, the providers faked on
/// loopback; linking, signing out on one device and everywhere.
@Suite("Client sign-in", .timeLimit(.minutes(2)))
struct ClientSignInTests {
    @Test("guest, register, password, Apple, Discord with PKCE and Facebook sign in; a guest links a password; sign-out ends the session")
    func everyMethod() async throws {
        try await withAccountsServer { harness in
            let fakes = harness.fakes
            func fresh() -> ParlorClient {
                ParlorClient(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: harness.client), now: { harness.clock.now() })
            }
            // A guest upgrades by linking a password, and keeps their account.
            let device = UUID().uuidString
            let guestClient = fresh()
            let guest = try await guestClient.signIn(.guest(deviceID: device))
            let linked = try await guestClient.link(.register(username: "guest_up", password: "a long enough pass", email: nil))
            #expect(linked.id == guest.id && linked.username == "guest_up")
            let again = try await fresh().signIn(.password(login: "guest_up", password: "a long enough pass"))
            #expect(again.id == guest.id)

            let registered = try await fresh().signIn(.register(username: "newbie", password: "another long pass", email: "n@example.com"))
            #expect(registered.username == "newbie")

            let nonce = "raw-nonce-1"
            let apple = try await fakes.appleToken(sub: "001122.apple", aud: AccountsHarness.appleClientID, nonce: nonce)
            #expect(try await fresh().signIn(.apple(identityToken: apple, nonce: nonce, displayName: "Ann")).id.isEmpty == false)

            let verifier = String(repeating: "v", count: 43)
            let code = await fakes.discordCode(for: FakeDiscordUser(), redirectURI: AccountsHarness.discordRedirect, codeVerifier: verifier)
            #expect(try await fresh().signIn(.discord(code: code, redirectURI: AccountsHarness.discordRedirect, codeVerifier: verifier)).id.isEmpty == false)

            let facebook = await fakes.facebookToken(userID: "10101", name: "Fay")
            let fay = try await fresh().signIn(.facebook(accessToken: facebook, idToken: nil, nonce: nil))
            #expect(fay.displayName == "Fay")

            // A refused sign-in is a typed error and leaves the client signed out.
            let wrong = fresh()
            do {
                try await wrong.signIn(.password(login: "newbie", password: "not the password"))
                Issue.record("a wrong password signed in")
            } catch let error as ParlorError {
                #expect(error.kind == .invalidCredentials && error.status == 401)
            }
            #expect(try await wrong.session.current() == nil)

            // Signing out on this device ends this session only; everywhere ends them all.
            let phone = fresh(), tablet = fresh()
            try await phone.signIn(.password(login: "newbie", password: "another long pass"))
            try await tablet.signIn(.password(login: "newbie", password: "another long pass"))
            let phoneToken = try #require(try await phone.session.current()?.accessToken)
            try await phone.signOut()
            #expect(try await phone.session.current() == nil)
            let probe = Client(
                serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: harness.client),
                middlewares: [ErrorEnvelopeMiddleware(), BearerTokenMiddleware { phoneToken }])
            do {
                _ = try await parlorCall { try await probe.getMe() }
                Issue.record("a signed-out session's token still works")
            } catch let error as ParlorError {
                #expect(error.kind == .notAuthenticated || error.kind == .sessionExpired, "\(error)")
            }
            _ = try await parlorCall { try await tablet.api.getMe() }
            try await tablet.signOut(everywhere: true)
            #expect(try await tablet.session.current() == nil)
        }
    }
}
