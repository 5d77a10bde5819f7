import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorDatabase
import ParlorPlay
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// What the chat tests share: sockets that subscribe and read the replayed lines, lines sent and
/// heard, and the stored rows.
enum ChatTable {
    /// A signed-in socket for `guest`, past its `welcome`.
    static func socket(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest) async throws -> TestSocket {
        let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: guest.token)
        _ = try await socket.next("welcome")
        return socket
    }

    /// Ann and Bob at a new turn-based game, each with a socket subscribed to it (the caller closes them).
    static func seated(_ server: OnlinePlayServer) async throws
        -> (ann: OnlinePlayServer.Guest, bob: OnlinePlayServer.Guest, game: UUID, annSocket: TestSocket, bobSocket: TestSocket)
    {
        let (ann, bob) = (try await server.guest(), try await server.guest())
        let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
        let (annSocket, bobSocket) = (try await socket(server, ann), try await socket(server, bob))
        for socket in [annSocket, bobSocket] { _ = try await subscribe(socket, game) }
        return (ann, bob, game, annSocket, bobSocket)
    }

    static func send(_ socket: TestSocket, _ game: UUID, _ text: String) throws {
        let body = try JSONSerialization.data(withJSONObject: ["type": "chat", "game": game.uuidString.lowercased(), "text": text])
        socket.send(String(decoding: body, as: UTF8.self))
    }

    /// Subscribes and answers the `state` frame (or the `error` frame) the subscription got.
    static func subscribe(_ socket: TestSocket, _ game: UUID) async throws -> [String: Any] {
        try await Audience.subscribe(socket, game)
    }

    /// The texts of the lines a `state` frame replays, in order.
    static func replayed(_ state: [String: Any]) -> [String] {
        (state["chat"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// The next `chat_message` frame `socket` receives, as JSON.
    static func nextLine(_ socket: TestSocket) async throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(try await Audience.nextText(socket, "chat_message").utf8)) as? [String: Any])
    }

    /// The next `error` frame `socket` receives, as JSON.
    static func nextError(_ socket: TestSocket) async throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(try await Audience.nextText(socket, "error").utf8)) as? [String: Any])
    }

    /// Every `chat_message` text `socket` has received about `game`, once the server has sent it
    /// everything on its way.
    static func heard(_ socket: TestSocket, in game: UUID) async throws -> [String] {
        try await socket.settle()
        return Audience.frames(socket, about: game).filter { $0["type"] as? String == "chat_message" }.compactMap { $0["text"] as? String }
    }

    /// The stored lines of `game`, oldest first: `(user, text, removed)`.
    static func stored(_ server: OnlinePlayServer, _ game: UUID) async throws -> [(user: String, text: String, removed: Bool)] {
        try await server.database.withConnection { sql in
            try await sql.select().columns("user_id", "text", "removed_at").from("game_chat").where("game", .equal, game.uuidString.lowercased())
                .orderBy("id").all().map { row in
                    (try row.decode(column: "user_id", as: String.self), try row.decode(column: "text", as: String.self),
                     try row.decode(column: "removed_at", as: Int64?.self) != nil)
                }
        }
    }

    /// Resigns `game` for `guest` over REST, so it is over and has a record.
    static func resign(_ server: OnlinePlayServer, _ game: UUID, as guest: OnlinePlayServer.Guest) async throws {
        let resigned = try await server.call(.post, "/games/\(game.uuidString.lowercased())/resign", as: guest, body: #"{"move_id":"\#(UUID().uuidString)"}"#)
        guard resigned.status == 200 else { throw TestSetupError("resign failed: \(resigned)") }
    }

    /// The texts of the chat in the game's record as `guest` reads it.
    static func record(_ server: OnlinePlayServer, _ game: UUID, as guest: OnlinePlayServer.Guest) async throws -> [String] {
        let answer = try await server.call(.get, "/games/\(game.uuidString.lowercased())/record", as: guest)
        guard answer.status == 200 else { throw TestSetupError("record refused: \(answer)") }
        return (answer.json["chat"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
}

/// An online-play server whose chat is configured by `chat`.
func withChatServer(
    kind: TestDatabaseKind, manualClock: Bool = false, chat: @escaping @Sendable (inout ChatConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (OnlinePlayServer, TestServer) async throws -> Void
) async throws {
    var options = ServerOptions.onlinePlay(kind: kind) { services in chat(&services.chat) }
    options.manualClock = manualClock
    try await withServer(options) { server in try await body(OnlinePlayServer(server), server) }
}
