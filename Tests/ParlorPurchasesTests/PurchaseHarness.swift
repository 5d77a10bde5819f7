import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// A real server that pins a fake App Store's root and grants Sandbox purchases only.
func withPurchaseServer(
    kind: TestDatabaseKind = .sqlite, store: FakeAppStore? = nil,
    _ body: @escaping @Sendable (OnlinePlayServer, FakeAppStore) async throws -> Void
) async throws {
    try await withServer(.onlinePlay(kind: kind, appStore: try store ?? FakeAppStore())) { try await body(OnlinePlayServer($0), try $0.fakeAppStore()) }
}

extension OnlinePlayServer {
    /// `POST /purchases/verify` with `jws`.
    func verify(_ jws: String, as guest: Guest) async throws -> (status: Int, json: [String: Any]) {
        try await call(.post, "/purchases/verify", as: guest, body: #"{"signed_transaction":"\#(jws)"}"#)
    }

    /// `POST /purchases/notifications` as Apple sends it (no bearer token).
    func notify(_ signedPayload: String) async throws -> (status: Int, outcome: String?) {
        let response = try await client.executeRequest(
            uri: "/purchases/notifications", method: .post, headers: [.contentType: "application/json"],
            body: .init(string: #"{"signedPayload":"\#(signedPayload)"}"#))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
        return (Int(response.status.code), json?["outcome"] as? String)
    }

    func entitlements(_ guest: Guest, bundle: String = "com.quortex.app") async throws -> [String: Any] {
        let answer = try await call(.get, "/users/me/entitlements?bundle_id=\(bundle)", as: guest)
        guard answer.status == 200 else { throw TestSetupError("entitlements failed: \(answer)") }
        return answer.json
    }
}
