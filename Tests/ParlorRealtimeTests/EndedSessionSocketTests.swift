import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOWebSocket
import ParlorTestSupport
import ServerTestSupport
import Testing
import WSCore

/// A socket is authenticated once, when it opens: the sessions that end close theirs.
@Suite("Ended sessions close their sockets", .timeLimit(.minutes(2)))
struct EndedSessionSocketTests {
    static let password = "correct horse battery"

    @Test(arguments: TestDatabaseKind.available)
    func eachEndedSessionClosesItsSocketsAndNoOther(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let name = "sessions_\(UUID().uuidString.prefix(6).lowercased())"
            let registered = try await Self.post(server, "/auth/register", #"{"username":"\#(name)","password":"\#(Self.password)"}"#)
            #expect(registered.status == .ok)
            var sessions: [OnlinePlayServer.Guest] = []
            for _ in 0..<4 {
                let login = try await Self.post(server, "/auth/login", #"{"login":"\#(name)","password":"\#(Self.password)"}"#)
                sessions.append(try Self.guest(login.body))
            }
            let port = try #require(server.client.port)
            let sockets = sessions.map { TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: $0.token) }
            for socket in sockets { _ = try await socket.next("welcome") }

            // Signing out closes that session's socket only.
            #expect(try await server.call(.post, "/auth/logout", as: sessions[0]).status == 204)
            try await Self.expectSignedOut(sockets[0])
            for socket in sockets[1...] { try await socket.settle() }

            // A password change ends every other session: the changer's socket stays.
            let change = #"{"current_password":"\#(Self.password)","new_password":"another fine passphrase"}"#
            #expect(try await server.call(.put, "/users/me/password", as: sessions[1], body: change).status == 204)
            try await Self.expectSignedOut(sockets[2])
            try await Self.expectSignedOut(sockets[3])
            try await sockets[1].settle()

            // Signing out everywhere closes the rest; the ended session cannot open another.
            #expect(try await server.call(.post, "/auth/logout-all", as: sessions[1]).status == 204)
            try await Self.expectSignedOut(sockets[1])
            let again = try await rawHTTPExchange(port: port, request: upgradeRequest(token: sessions[1].token))
            #expect(again.hasPrefix("HTTP/1.1 401"))
            #expect(again.contains(#""code":"session_ended""#))
        }
    }

    static func expectSignedOut(_ socket: TestSocket, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let close = try await socket.closed()
        #expect(close?.closeCode == .policyViolation, sourceLocation: sourceLocation)
        #expect(close?.reason == "the session has ended; sign in again", sourceLocation: sourceLocation)
    }

    static func post(_ server: OnlinePlayServer, _ uri: String, _ body: String) async throws -> (status: HTTPResponse.Status, body: ByteBuffer) {
        let response = try await server.client.executeRequest(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
        return (response.status, response.body)
    }

    static func guest(_ body: ByteBuffer) throws -> OnlinePlayServer.Guest {
        let json = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        let token = try #require(json?["access_token"] as? String)
        let user = try #require((json?["user"] as? [String: Any])?["id"] as? String)
        return OnlinePlayServer.Guest(token: token, user: user)
    }
}
