import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import ParlorTestSupport
import ServerTestSupport
import StatsSync
import Testing
import TestSupport

/// When one device uploads, the user's other signed-in sockets hear `sync_changed` with the new
/// change token, so they pull at once (seed 001 §3.1's subscriptions); nobody else hears it.
@Suite("Sync changes over the socket", .timeLimit(.minutes(2)))
struct SyncLiveTests {
    @Test(arguments: TestDatabaseKind.available)
    func anUploadReachesTheUsersOtherSocketsOnly(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let name = "tandem_\(UUID().uuidString.prefix(6).lowercased())"
            let password = "correct horse battery"
            let phone = try await Self.session(server, "/auth/register", #"{"username":"\#(name)","password":"\#(password)"}"#)
            let tablet = try await Self.session(server, "/auth/login", #"{"login":"\#(name)","password":"\#(password)"}"#)
            let stranger = try await server.guest()
            let port = try #require(server.client.port)
            let sockets = [phone, tablet, stranger].map { TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: $0.token) }
            for socket in sockets { _ = try await socket.next("welcome") }

            let make = SyncEventFactory(now: Date())
            let body = String(decoding: try batchBody(make.games("phone", 1...3)), as: UTF8.self)
            let pushed = try await server.call(.post, "/sync/events", as: phone, body: body)
            #expect(pushed.status == 200)
            let token = try #require(pushed.json["change_token"] as? String)
            for socket in sockets[0...1] {
                let changed = try await Self.syncChanged(socket)
                #expect(changed["change_token"] as? String == token)
                #expect(changed["cleared"] as? Bool == false)
            }
            // A repeat stores nothing and says nothing.
            #expect(try await server.call(.post, "/sync/events", as: phone, body: body).status == 200)
            let cleared = try await server.call(.delete, "/sync/events", as: tablet)
            #expect(cleared.status == 200)
            for socket in sockets[0...1] {
                let changed = try await Self.syncChanged(socket)
                #expect(changed["cleared"] as? Bool == true, "the next sync_changed is the clear, not the repeat")
                #expect(changed["change_token"] as? String == cleared.json["change_token"] as? String)
            }
            try await sockets[2].settle()
            #expect(!sockets[2].texts.contains { $0.contains("sync_changed") }, "another user hears nothing")
        }
    }

    /// Two nodes on one PostgreSQL database: the upload lands on one, the socket is on the other.
    @Test(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func anUploadOnOneNodeReachesASocketOnAnother() async throws {
        try await withSharedPostgres { location in
            try await withOnlinePlayNode(at: location) { first in
                try await withOnlinePlayNode(at: location) { second in
                    let player = try await first.guest()
                    let port = try #require(second.client.port)
                    let socket = TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: player.token)
                    _ = try await socket.next("welcome")
                    let body = String(decoding: try batchBody(SyncEventFactory(now: Date()).games("phone", 1...2)), as: UTF8.self)
                    let pushed = try await first.call(.post, "/sync/events", as: player, body: body)
                    #expect(pushed.status == 200)
                    let changed = try await Self.syncChanged(socket)
                    #expect(changed["change_token"] as? String == pushed.json["change_token"] as? String)
                }
            }
        }
    }

    /// The next `sync_changed` frame, as JSON.
    static func syncChanged(_ socket: TestSocket) async throws -> [String: Any] {
        while true {
            let text = try await socket.nextText()
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            if json["type"] as? String == "sync_changed" { return json }
        }
    }

    static func session(_ server: OnlinePlayServer, _ uri: String, _ body: String) async throws -> OnlinePlayServer.Guest {
        let response = try await server.client.executeRequest(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
        let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        guard let token = json?["access_token"] as? String, let user = (json?["user"] as? [String: Any])?["id"] as? String else {
            throw TestSetupError("\(uri): \(response.status)")
        }
        return OnlinePlayServer.Guest(token: token, user: user)
    }
}
