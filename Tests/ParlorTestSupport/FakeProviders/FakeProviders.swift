import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Fake Apple, Discord and Facebook sign-in endpoints on a loopback HTTP server, for tests.
///
/// `run` starts one Hummingbird application on 127.0.0.1 at an ephemeral port, hands the fake to the
/// test, and stops the server afterwards. Point the sign-in configuration at the URLs below and use the
/// helpers to mint credentials the fake will accept (or reject in a chosen way). Keys are generated in
/// the process; nothing leaves the machine.
///
/// ```swift
/// try await FakeProviders.run { fake in
///     let token = try await fake.appleToken(sub: "001", aud: "com.example.app", nonce: "n")
///     // verify `token` against AppleSignInConfiguration(keysURL: fake.appleKeysURL, clientIDs: ["com.example.app"])
/// }
/// ```
public final class FakeProviders: Sendable {
    /// `http://127.0.0.1:<port>`, the root of every fake endpoint.
    public let baseURL: URL
    public let appleKeysURL: URL
    public let discordAPIBaseURL: URL
    public let facebookGraphBaseURL: URL
    public let facebookLimitedKeysURL: URL

    /// The Discord application credentials the fake token endpoint accepts.
    public var discordClientID: String { state.discordClientID }
    public var discordClientSecret: String { state.discordClientSecret }
    /// The Facebook app whose app access token (`id|secret`) the fake `debug_token` accepts.
    public var facebookAppID: String { state.facebookAppID }
    public var facebookAppSecret: String { state.facebookAppSecret }

    let state: FakeProviderState

    private init(port: Int, state: FakeProviderState) {
        let base = "http://127.0.0.1:\(port)"
        // Built from a port number and fixed paths, so these URLs always parse.
        baseURL = URL(string: base)!
        appleKeysURL = URL(string: base + "/apple/auth/keys")!
        discordAPIBaseURL = URL(string: base + "/discord/api")!
        facebookGraphBaseURL = URL(string: base + "/facebook/v19.0")!
        facebookLimitedKeysURL = URL(string: base + "/facebook-limited/.well-known/oauth/openid/jwks/")!
        self.state = state
    }

    /// Starts the fake, runs `body` with it, and shuts the server down gracefully whether `body` succeeds or throws.
    @discardableResult
    /// Tokens are issued at `now`: pass the clock the verifier under test reads.
    public static func run<Result: Sendable>(
        now: @escaping @Sendable () -> Date = Date.init,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (FakeProviders) async throws -> Result
    ) async throws -> Result {
        let state = try await FakeProviderState(
            discordClientID: "fake-discord-client", discordClientSecret: "fake-discord-secret",
            facebookAppID: "1234567890", facebookAppSecret: "fake-facebook-secret", now: now)
        return try await LoopbackServer.run(router: FakeProviderRoutes.router(state: state), label: "parlor.fake-providers") { port in
            try await body(FakeProviders(port: port, state: state))
        }
    }

    // MARK: Faults and counters

    /// Makes every endpoint misbehave (or behave again with `.healthy`).
    public func setFault(_ fault: FakeProviderFault) async { await state.setFault(fault) }

    /// Every endpoint answers 503 while `down` is true.
    public func setDown(_ down: Bool) async { await state.setFault(down ? .down : .healthy) }

    /// Requests received on any endpoint, faulty answers included.
    public var requestCount: Int { get async { await state.requestCount } }
}
