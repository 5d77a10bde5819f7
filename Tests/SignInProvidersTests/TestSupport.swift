import AsyncHTTPClient
import Foundation
import Logging
import ParlorTestSupport
import SignInProviders
import Synchronization
import Testing

/// A clock the test moves by hand, for expiry checks and key-cache ages.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date()) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Values the tests configure the verifier with.
enum Fixture {
    static let appleClientID = "com.example.parlor"
    static let discordRedirectURI = "parlor://auth/discord?flow=app&v=1+2"
    /// 43 characters, the shortest verifier RFC 7636 allows.
    static let codeVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let quietLogger = Logger(label: "parlor.test.sign-in", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// Configuration pointing every provider at `fake`; tests adjust it before building the verifier.
struct VerifierSetup {
    var apple: AppleSignInConfiguration
    var discord: DiscordSignInConfiguration
    var facebook: FacebookSignInConfiguration
    var timeout: Duration = .seconds(5)
    /// AsyncHTTPClient's default retries refused connections until the timeout; tests want the failure at once.
    var retryConnections = false

    init(fake: FakeProviders) {
        apple = AppleSignInConfiguration(keysURL: fake.appleKeysURL, clientIDs: [Fixture.appleClientID])
        discord = DiscordSignInConfiguration(
            apiBaseURL: fake.discordAPIBaseURL, clientID: fake.discordClientID, clientSecret: fake.discordClientSecret,
            redirectURIs: [Fixture.discordRedirectURI])
        facebook = FacebookSignInConfiguration(
            graphBaseURL: fake.facebookGraphBaseURL, appID: fake.facebookAppID, appSecret: fake.facebookAppSecret,
            limitedLoginKeysURL: fake.facebookLimitedKeysURL)
    }
}

/// Runs `body` with a verifier built from `setup` and an HTTP client of its own, shut down afterwards.
@discardableResult
func withVerifier<Result>(
    _ setup: VerifierSetup,
    clock: TestClock = TestClock(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (SignInVerifier) async throws -> Result
) async throws -> Result {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool.retryConnectionEstablishment = setup.retryConnections
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let verifier = SignInVerifier(
        apple: setup.apple, discord: setup.discord, facebook: setup.facebook, httpClient: client,
        timeout: setup.timeout, now: { clock.now }, logger: Fixture.quietLogger)
    do {
        let result = try await body(verifier)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

/// Runs a fake and a verifier pointed at it.
@discardableResult
func withFakeAndVerifier<Result: Sendable>(
    clock: TestClock = TestClock(),
    isolation: isolated (any Actor)? = #isolation,
    configure: (inout VerifierSetup) -> Void = { _ in },
    _ body: (FakeProviders, SignInVerifier) async throws -> Result
) async throws -> Result {
    try await FakeProviders.run(now: { clock.now }) { fake in
        var setup = VerifierSetup(fake: fake)
        configure(&setup)
        return try await withVerifier(setup, clock: clock) { verifier in try await body(fake, verifier) }
    }
}

/// Expects `body` to fail with `providerUnavailable` for `provider`, with a reason starting as given.
func expectUnavailable(
    _ provider: SignInProvider,
    reasonPrefix: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws(SignInError) -> ExternalIdentity
) async {
    do {
        let identity = try await body()
        Issue.record("expected \(provider) to be unavailable, got \(identity)", sourceLocation: sourceLocation)
    } catch {
        guard case .providerUnavailable(let failed, let reason) = error else {
            Issue.record("expected providerUnavailable, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(failed == provider, sourceLocation: sourceLocation)
        #expect(reason.hasPrefix(reasonPrefix), "reason: \(reason)", sourceLocation: sourceLocation)
    }
}
