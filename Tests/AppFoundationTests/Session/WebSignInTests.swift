import AppFoundation
import ConcurrencyExtras
import Crypto
import Dependencies
import Foundation
import ParlorClient
import Testing

/// Discord (OAuth with PKCE) and Facebook sign-in through the provider's page: the page asked
/// for, the answer read and checked, and the session model sending it to the server once.
@MainActor
@Suite struct WebSignInTests {
    static let settings = WebSignInSettings(discordClientID: "1234", discordRedirectURI: "quortex://oauth/discord", facebookAppID: "987")
    nonisolated static let olga = SignedInUser(id: "u1", username: "olga", displayName: "Olga", isGuest: false)

    func model(settings: WebSignInSettings = settings, methods: LockIsolated<[ParlorClient.Method]>) -> SessionModel {
        withDependencies {
            $0.sessionClient = SessionClient(
                restore: { () async throws(ParlorError) -> SignedInUser? in nil },
                signIn: { method throws(ParlorError) in
                    methods.withValue { $0.append(method) }
                    return Self.olga
                },
                link: { _ throws(ParlorError) in throw Unimplemented.call("link") },
                signOut: { _ throws(ParlorError) in },
                endings: { AsyncStream { $0.finish() } })
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 3))
        } operation: {
            SessionModel(brand: .quortex, webSignIn: settings)
        }
    }

    func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func discordsPageAsksForACodeWithThePKCEChallengeOfTheVerifierKept() throws {
        let request = try Self.settings.request(.discord, random: WithRandomNumberGenerator(LCRNG(seed: 1)))
        #expect(request.url.host == "discord.com")
        #expect(request.callbackScheme == "quortex")
        let fields = query(request.url)
        #expect(fields["response_type"] == "code")
        #expect(fields["client_id"] == "1234")
        #expect(fields["redirect_uri"] == "quortex://oauth/discord")
        #expect(fields["code_challenge_method"] == "S256")
        #expect(fields["state"] == request.state)
        let verifier = try #require(request.codeVerifier)
        // RFC 7636: 43 to 128 characters of the unreserved alphabet, as the server's pattern says.
        #expect(verifier.wholeMatch(of: /[A-Za-z0-9._~-]{43,128}/) != nil)
        #expect(fields["code_challenge"] == WebSignInTests.challenge(of: verifier))
        // Two requests never share a state or a verifier.
        let next = try Self.settings.request(.discord, random: WithRandomNumberGenerator(LCRNG(seed: 2)))
        #expect(next.state != request.state)
        #expect(next.codeVerifier != request.codeVerifier)
    }

    /// S256 as RFC 7636 §4.2 defines it, computed here apart from the code under test.
    static func challenge(of verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The reference value was computed apart from Swift: Python's
    /// `base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=")`.
    @Test func theChallengeComputedHereMatchesAnIndependentImplementation() {
        #expect(Self.challenge(of: "dBjftJeZ4CVP-mJ92K27uhbUJU1p1r_wW1gFWFOEjXk") == "ngF5GsXcbwljx6u133FFr3Xht9xooA_DuaX_3QwODtc")
    }

    @Test func theAnswerIsTakenOnlyWithThisRequestsStateAndScheme() throws {
        let request = try Self.settings.request(.discord, random: WithRandomNumberGenerator(LCRNG(seed: 1)))
        let good = try #require(URL(string: "quortex://oauth/discord?code=abc&state=\(request.state)"))
        #expect(try request.answer(from: good) == .discord(code: "abc", redirectURI: "quortex://oauth/discord", codeVerifier: request.codeVerifier))
        let forged = try #require(URL(string: "quortex://oauth/discord?code=abc&state=other"))
        #expect(throws: WebSignInError.notThisRequest) { try request.answer(from: forged) }
        let otherApp = try #require(URL(string: "topdog://oauth/discord?code=abc&state=\(request.state)"))
        #expect(throws: WebSignInError.notThisRequest) { try request.answer(from: otherApp) }
        let noCode = try #require(URL(string: "quortex://oauth/discord?state=\(request.state)"))
        #expect(throws: WebSignInError.incomplete) { try request.answer(from: noCode) }
        let denied = try #require(URL(string: "quortex://oauth/discord?error=access_denied&state=\(request.state)"))
        #expect(throws: WebSignInError.cancelled) { try request.answer(from: denied) }
        let broken = try #require(URL(string: "quortex://oauth/discord?error=server_error&error_description=Try%20later"))
        #expect(throws: WebSignInError.refused("Try later")) { try request.answer(from: broken) }
    }

    @Test func facebooksTokenComesBackInTheFragment() throws {
        let request = try Self.settings.request(.facebook, random: WithRandomNumberGenerator(LCRNG(seed: 1)))
        #expect(request.callbackScheme == "fb987")
        #expect(query(request.url)["response_type"] == "token")
        let answer = try #require(URL(string: "fb987://authorize/#access_token=EAAB%2Bx&expires_in=5183&state=\(request.state)"))
        #expect(try request.answer(from: answer) == .facebook(accessToken: "EAAB+x"))
        let denied = try #require(URL(string: "fb987://authorize/?error_reason=user_denied&error=access_denied&state=\(request.state)"))
        #expect(throws: WebSignInError.cancelled) { try request.answer(from: denied) }
    }

    @Test func onlyConfiguredProvidersAreOffered() {
        #expect(Self.settings.offered == [.discord, .facebook])
        #expect(WebSignInSettings(facebookAppID: "1").offered == [.facebook])
        #expect(WebSignInSettings(discordClientID: "1", discordRedirectURI: "no scheme").offered == [])
        #expect(WebSignInSettings().offered == [])
    }

    @Test func theModelSendsDiscordsCodeOnceAndRefusesAReplay() async throws {
        let methods = LockIsolated<[ParlorClient.Method]>([])
        let session = model(methods: methods)
        let request = try #require(session.beginWebSignIn(.discord))
        let callback = try #require(URL(string: "quortex://oauth/discord?code=c0de&state=\(request.state)"))
        await session.finishWebSignIn(callback)
        #expect(session.status == .signedIn(Self.olga))
        #expect(methods.value == [.discord(code: "c0de", redirectURI: "quortex://oauth/discord", codeVerifier: request.codeVerifier)])

        await session.finishWebSignIn(callback)
        #expect(methods.value.count == 1)
        #expect(session.error?.title == "Sign-in did not finish")
    }

    @Test func facebookSignsInWithTheAccessToken() async throws {
        let methods = LockIsolated<[ParlorClient.Method]>([])
        let session = model(methods: methods)
        let request = try #require(session.beginWebSignIn(.facebook))
        await session.finishWebSignIn(try #require(URL(string: "fb987://authorize/#access_token=tok&state=\(request.state)")))
        #expect(methods.value == [.facebook(accessToken: "tok", idToken: nil, nonce: nil)])
        #expect(session.user == Self.olga)
    }

    @Test func aCancelShowsNothingAndAFailureSaysWhy() async throws {
        let methods = LockIsolated<[ParlorClient.Method]>([])
        let session = model(methods: methods)
        let request = try #require(session.beginWebSignIn(.discord))
        session.webSignInEnded(cancelled: true)
        #expect(session.error == nil)
        // The page closed: its late answer is not taken.
        await session.finishWebSignIn(try #require(URL(string: "quortex://oauth/discord?code=c&state=\(request.state)")))
        #expect(methods.value.isEmpty)
        #expect(session.status == .signedOut || session.status == .restoring)

        _ = try #require(session.beginWebSignIn(.discord))
        session.webSignInEnded(cancelled: false, reason: "The page could not load.")
        #expect(session.error?.message == "The page could not load.")
    }

    @Test func aProviderTheAppLacksIsRefusedWithTheReason() {
        let session = model(settings: WebSignInSettings(), methods: LockIsolated([]))
        #expect(session.beginWebSignIn(.discord) == nil)
        #expect(session.error?.title == "Not available")
        #expect(session.error?.message == "Sign in with Discord is not set up in this app.")
    }
}
