import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ServerTestSupport
import Testing

/// What the moderation tests share: accounts with passwords (so they can sign in again), calls
/// without a bearer token, and the audit trail as an admin reads it.
enum Moderation {
    static let password = "correct horse battery"

    struct Account {
        var guest: OnlinePlayServer.Guest
        var name: String
        var refresh: String
    }

    /// Registers `name` (unique per call) with ``password``.
    static func register(_ server: OnlinePlayServer, _ prefix: String = "player", email: String? = nil) async throws -> Account {
        let name = "\(prefix)_\(UUID().uuidString.prefix(6).lowercased())"
        let mail = email.map { #","email":"\#($0)""# } ?? ""
        let answer = try await post(server, "/auth/register", #"{"username":"\#(name)","password":"\#(password)"\#(mail)}"#)
        #expect(answer.status == 200, "register: \(answer.json)")
        return try account(answer.json, name: name)
    }

    static func login(_ server: OnlinePlayServer, _ name: String) async throws -> (status: Int, json: [String: Any]) {
        try await post(server, "/auth/login", #"{"login":"\#(name)","password":"\#(password)"}"#)
    }

    static func account(_ json: [String: Any], name: String) throws -> Account {
        let token = try #require(json["access_token"] as? String)
        let refresh = try #require(json["refresh_token"] as? String)
        let user = try #require((json["user"] as? [String: Any])?["id"] as? String)
        return Account(guest: .init(token: token, user: user), name: name, refresh: refresh)
    }

    /// A POST with no bearer token; the status and the decoded body.
    static func post(_ server: OnlinePlayServer, _ uri: String, _ body: String) async throws -> (status: Int, json: [String: Any]) {
        let response = try await server.client.executeRequest(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
        return (Int(response.status.code), json)
    }

    /// The error code of an answer.
    static func code(_ answer: (status: Int, json: [String: Any])) -> String? {
        (answer.json["error"] as? [String: Any])?["code"] as? String
    }

    static func error(_ answer: (status: Int, json: [String: Any])) -> [String: Any] {
        answer.json["error"] as? [String: Any] ?? [:]
    }

    /// The audit records about one target, newest first, as an admin reads them.
    static func audit(_ server: OnlinePlayServer, as admin: OnlinePlayServer.Guest, kind: String, id: String) async throws -> [[String: Any]] {
        let answer = try await server.call(.get, "/admin/audit?target_kind=\(kind)&target_id=\(id)", as: admin)
        #expect(answer.status == 200)
        return answer.json["records"] as? [[String: Any]] ?? []
    }
}
