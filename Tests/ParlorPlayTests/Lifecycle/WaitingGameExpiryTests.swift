import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// A game still waiting `waiting_game_expiry` after it was made is abandoned by the sweep every
/// node runs: its players and invitees are told, its invitations answer `invitation_expired`, and
/// a game expires once however many nodes sweep. Younger waiting games and games being played stay.
@Suite(.timeLimit(.minutes(3))) struct WaitingGameExpiryTests {
    /// A node with a hand-moved clock whose waiting games expire after a minute, swept often.
    static func options(_ kind: TestDatabaseKind, location: DatabaseLocation? = nil) -> ServerOptions {
        var options = ServerOptions.onlinePlay(kind: kind) { services in
            services.waitingGameExpiry = .seconds(60)
            services.waitingGameSweepInterval = .milliseconds(50)
        }
        options.manualClock = true
        options.location = location
        return options
    }

    @Test(arguments: TestDatabaseKind.available)
    func aGameWaitingPastTheExpiryIsAbandonedAndItsInvitationsExpire(kind: TestDatabaseKind) async throws {
        try await withServer(Self.options(kind)) { test in
            let server = OnlinePlayServer(test)
            let (host, player, invitee) = (try await server.guest(), try await server.guest(), try await server.guest())
            let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
            let old = try #require(created.json["id"] as? String)
            let code = try #require(created.json["invite_code"] as? String)
            #expect(try await server.call(.post, "/games/join", as: player, body: #"{"code":"\#(code)"}"#).status == 200)
            let invited = try await server.call(.post, "/games/\(old)/invitations", as: host, body: #"{"users":["\#(invitee.user)"]}"#)
            let invitation = try #require((invited.json["invitations"] as? [[String: Any]])?.first?["id"] as? String)
            let played = try await server.table(game: "quortex", players: [host, player], mode: "turn_based").uuidString.lowercased()
            let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: invitee.token)
            defer { socket.close() }
            _ = try await nextMessage(ofType: "welcome", on: socket)

            test.clock.advance(seconds: 30)
            let young = try #require(try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).json["id"] as? String)
            test.clock.advance(seconds: 31)

            let text = try await nextText(ofType: "state", on: socket)
            #expect(text.contains(#""status":"abandoned""#) && text.contains(old), "\(text)")
            #expect(try await server.call(.get, "/games/\(old)", as: host).json["status"] as? String == "abandoned")
            let accept = try await server.call(.post, "/invitations/\(invitation)/accept", as: invitee)
            #expect(accept.status == 409 && accept.json.errorCode == "invitation_expired")
            let stored = try await test.database.withConnection { sql in
                try await sql.select().column("status").from("game_invitations").where("id", .equal, invitation).first()?.decode(column: "status", as: String.self)
            }
            #expect(stored == "expired")
            #expect(try await server.call(.get, "/games/\(young)", as: host).json["status"] as? String == "waiting", "a younger game waits on")
            #expect(try await server.call(.get, "/games/\(played)", as: host).json["status"] as? String == "active", "a game being played is not touched")
        }
    }

    @Test(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func twoNodesSweepingOnePostgresExpireEachGameOnce() async throws {
        try await withSharedPostgres { location in
            try await withServer(Self.options(.postgres, location: location)) { first in
                try await withServer(Self.options(.postgres, location: location)) { second in
                    let nodeA = OnlinePlayServer(first)
                    let host = try await nodeA.guest()
                    var games: Set<String> = []
                    for _ in 0..<12 {
                        let made = try await nodeA.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
                        games.insert(try #require(made.json["id"] as? String))
                    }
                    let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(nodeA.client.port))/ws", token: host.token)
                    defer { socket.close() }
                    _ = try await nextMessage(ofType: "welcome", on: socket)
                    // Both nodes' clocks pass the expiry: both sweep the same games.
                    second.clock.advance(seconds: 61)
                    first.clock.advance(seconds: 61)

                    var told: [String] = []
                    for _ in games { told.append(try await nextText(ofType: "state", on: socket)) }
                    let abandoned = games.filter { game in told.contains { $0.contains(game) && $0.contains(#""status":"abandoned""#) } }
                    #expect(abandoned == games)
                    // One notice per game: the next message is the answer to this ping.
                    try await Task.sleep(for: .milliseconds(300))
                    socket.send(#"{"type":"ping","id":"after"}"#)
                    let next = try await socket.nextText()
                    #expect(next.contains(#""type":"pong""#), "a game was expired twice: \(next)")
                }
            }
        }
    }
}
