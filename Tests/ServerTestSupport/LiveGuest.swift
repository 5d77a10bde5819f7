import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat

/// A guest signed in over HTTP on a live test server: its bearer token and user id.
public struct LiveGuest: Sendable {
    public var token: String
    public var user: String

    public init(token: String, user: String) {
        self.token = token
        self.user = user
    }
}

extension TestClientProtocol {
    /// A new guest, signed in with a fresh device id.
    public func signInGuest() async throws -> LiveGuest {
        let response = try await executeRequest(
            uri: "/auth/guest", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"device_id":"\#(UUID().uuidString)"}"#))
        let json = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        guard let token = json?["access_token"] as? String, let user = (json?["user"] as? [String: Any])?["id"] as? String else {
            throw LiveGuestError(description: "guest sign-in failed: \(response.status)")
        }
        return LiveGuest(token: token, user: user)
    }

    /// A JSON call as `guest`; the status and the decoded body.
    public func call(_ method: HTTPRequest.Method, _ uri: String, as guest: LiveGuest, body: String? = nil) async throws -> (status: Int, json: [String: Any]) {
        var headers: HTTPFields = [.authorization: "Bearer \(guest.token)"]
        if body != nil { headers[.contentType] = "application/json" }
        let response = try await executeRequest(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        return (Int(response.status.code), json)
    }
}

struct LiveGuestError: Error, CustomStringConvertible {
    let description: String
}
