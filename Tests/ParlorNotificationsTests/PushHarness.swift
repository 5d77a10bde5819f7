import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOSSL
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// A real server whose notifications go over HTTP/2 and TLS to a fake APNs on loopback.
func withPushServer(
    kind: TestDatabaseKind = .sqlite, configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer, FakeAPNs) async throws -> Void
) async throws {
    try await withServer(.onlinePlay(kind: kind, fakes: .apns, configure)) { server in try await body(OnlinePlayServer(server), try server.fakeAPNs()) }
}

/// A device token: 32 random bytes in hex.
func deviceToken() -> String {
    (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
}

extension OnlinePlayServer {
    /// Registers an alert token for `guest` (or a Live Activity token for `activity`); returns it.
    @discardableResult
    func registerDevice(
        _ guest: Guest, token: String = deviceToken(), bundle: String = "com.quortex.app", activity: String? = nil
    ) async throws -> String {
        let kind = activity == nil ? "alert" : "live_activity"
        let extra = activity.map { #","activity_id":"\#($0)""# } ?? ""
        let answer = try await call(
            .post, "/push/devices", as: guest,
            body: #"{"token":"\#(token)","environment":"sandbox","bundle_id":"\#(bundle)","kind":"\#(kind)"\#(extra)}"#)
        guard answer.status == 200 else { throw TestSetupError("register failed: \(answer)") }
        return token
    }
}

extension FakeAPNs {
    /// Waits (at most 20 s, a bound on a hang) until the received requests satisfy `condition`.
    func wait(_ what: String, until condition: @Sendable ([Received]) -> Bool) async throws -> [Received] {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let received = self.received
            if condition(received) { return received }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSetupError("fake APNs never received \(what); got \(received.map { ($0.token.prefix(8), $0.json) })")
    }

    func requests(to token: String) -> [Received] { received.filter { $0.token == token } }
}
