import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// What one user may do only so often, counted per user across nodes (in the database): past the
/// limit, 429 `rate_limited` with `Retry-After`, nothing done, and other users unaffected.
@Suite("Per-user rate limits", .timeLimit(.minutes(2)))
struct PerUserRateLimitTests {
    static let rule = RateLimitPolicy.Rule(2, per: .seconds(300))

    @Test(arguments: TestDatabaseKind.available)
    func eachLimitedActionIsRefusedPastItsLimit(kind: TestDatabaseKind) async throws {
        let options = ServerOptions(
            kind: kind,
            accounts: { accounts in
                accounts.rateLimits = .off
                for rule in [\RateLimitPolicy.friendRequestsPerUser, \.invitationsPerUser, \.userSearchesPerUser, \.purchaseVerificationsPerUser] {
                    accounts.rateLimits[keyPath: rule] = Self.rule
                }
            })
        try await withServer(options) { test in
            let server = OnlinePlayServer(test)
            let (ann, other) = (try await server.guest(), try await server.guest())
            let friends = try await (0..<3).asyncMap { _ in try await server.guest() }
            let created = try await server.call(.post, "/games", as: ann, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
            let game = try #require(created.json["id"] as? String)

            let actions: [(name: String, method: HTTPRequest.Method, uri: (Int) -> String, body: (Int) -> String?)] = [
                ("friend request", .post, { _ in "/friends/requests" }, { #"{"user":"\#(friends[$0].user)"}"# }),
                ("invitation", .post, { _ in "/games/\(game)/invitations" }, { #"{"users":["\#(friends[$0].user)"]}"# }),
                ("user search", .get, { "/users/search?prefix=player\($0)" }, { _ in nil }),
                // Refused transactions count too: the limit guards the verification's cost.
                ("purchase verification", .post, { _ in "/purchases/verify" }, { _ in #"{"signed_transaction":"a.b.c"}"# }),
            ]
            for action in actions {
                for attempt in 0..<2 {
                    let answer = try await server.call(action.method, action.uri(attempt), as: ann, body: action.body(attempt))
                    #expect(answer.status != 429, "\(action.name) \(attempt + 1) of 2 was limited")
                }
                let refused = try await Self.send(test, action.method, action.uri(2), as: ann, body: action.body(2))
                #expect(refused.status == 429, "\(action.name): \(refused.status)")
                #expect(refused.code == "rate_limited", "\(action.name)")
                #expect(refused.retryAfter.map { (1...300).contains($0) } == true, "\(action.name): Retry-After \(refused.retryAfter.map(String.init) ?? "missing")")
                let others = try await server.call(action.method, action.uri(2), as: other, body: action.body(2))
                #expect(others.status != 429, "\(action.name): the limit is per user")
            }
            // Nothing of a refused request was done: the third friend was never asked.
            let requests = try await server.call(.get, "/friends/requests?direction=outgoing", as: ann)
            let asked = (requests.json["users"] as? [[String: Any]] ?? []).compactMap { ($0["user"] as? [String: Any])?["id"] as? String }
            #expect(Set(asked) == Set(friends.prefix(2).map(\.user)))
        }
    }

    /// A call whose status, error code and `Retry-After` the test reads.
    static func send(
        _ server: TestServer, _ method: HTTPRequest.Method, _ uri: String, as guest: OnlinePlayServer.Guest, body: String?
    ) async throws -> (status: Int, code: String?, retryAfter: Int?) {
        var headers: HTTPFields = [.authorization: "Bearer \(guest.token)"]
        if body != nil { headers[.contentType] = "application/json" }
        let response = try await server.client.executeRequest(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
        return (Int(response.status.code), (json?["error"] as? [String: Any])?["code"] as? String, response.headers[.retryAfter].flatMap { Int($0) })
    }
}
