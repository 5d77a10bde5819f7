import Crypto
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A fake APNs on loopback: HTTP/2 over TLS (its certificate issued by a root the test trusts),
/// `POST /3/device/<token>` checked as APNs checks it (a valid ES256 provider token from the
/// expected team and key), every request recorded, answers scripted per device token.
public final class FakeAPNs: Sendable {
    /// A request as the fake received it.
    public struct Received: Sendable {
        public var token: String
        public var headers: [String: String]
        public var payload: Data
        /// Whether it arrived over HTTP/2 (HTTP/2 requests carry a `:scheme`).
        public var http2: Bool
        /// The provider token's `iat`, when the token verified.
        public var issuedAt: Int64?

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] ?? [:] }
    }

    /// `https://127.0.0.1:<port>`.
    public let url: URL
    /// The root to trust, in PEM.
    public let rootPEM: String
    /// The provider key the fake accepts tokens signed with, in PEM (a `.p8`'s contents).
    public let providerKeyPEM: String
    public let teamID = "TEAM123456"
    public let keyID = "KEY1234567"

    let state: FakeAPNsState

    init(port: Int, rootPEM: String, state: FakeAPNsState) {
        // Built from a port number, so it always parses.
        url = URL(string: "https://127.0.0.1:\(port)")!
        self.rootPEM = rootPEM
        self.providerKeyPEM = state.providerKey.pemRepresentation
        self.state = state
    }

    /// The next answers for `token`, in order (status and reason); after them, 200.
    public func script(_ token: String, _ answers: [(status: Int, reason: String?)]) {
        state.script.withLock { $0[token.lowercased(), default: []] += answers }
    }

    /// Refuse provider tokens issued before `time` (seconds) with `ExpiredProviderToken`.
    public func expireTokens(issuedBefore time: Int64) { state.expiredBefore.withLock { $0 = time } }

    public var received: [Received] { state.received.withLock { $0 } }

    public static func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: (FakeAPNs) async throws -> Result
    ) async throws -> Result {
        let state = FakeAPNsState()
        return try await LoopbackServer.runTLS(router: state.router(teamID: "TEAM123456", keyID: "KEY1234567"), label: "Fake APNs") { port, root in
            try await body(FakeAPNs(port: port, rootPEM: root, state: state))
        }
    }
}

