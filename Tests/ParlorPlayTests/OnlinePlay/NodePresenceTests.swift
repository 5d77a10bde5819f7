import ParlorClient
import ParlorDatabase
import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorAPI
import ParlorServer
import ParlorTestSupport
import SQLKit
import Testing

/// A node that stops without closing its sockets (killed, crashed, cut off) leaves its players
/// counted as connected; the nodes still running take those connections away.
///
/// The time limit bounds a hang, not a speed: alone this takes a fifth of a second, but beside the
/// whole suite it has taken 58–69 s of wall time, and a one-minute limit failed it once.
@Suite(.timeLimit(.minutes(3))) struct NodePresenceTests {
    @Test(arguments: TestDatabaseKind.available)
    func aSilentNodesConnectionsAreSweptAndItsPlayersAnnouncedGone(kind: TestDatabaseKind) async throws {
        let fast: @Sendable (inout ParlorServices) -> Void = { services in
            services.nodeHeartbeat = .milliseconds(100)
            services.nodeTimeout = .seconds(1)
        }
        try await withOnlinePlayServer(kind: kind, configure: fast) { server in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(game: "quortex", players: guests, mode: "realtime")
            let stayer = try await server.connect(guests[0])
            let leaver = try await server.connect(guests[1])
            var heard = stayer.inbound.makeAsyncIterator()
            try await stayer.subscribe(game: game)
            try await leaver.subscribe(game: game)
            // Started: announced by `game_started`, or by the `state` answering the subscription
            // when the other player's subscription started the game first.
            while let frame = await heard.next() {
                if frame.type == .gameStarted { break }
                if frame.type == .state, (try? frame.decode(StatusProbe.self))?.status == "active" { break }
            }

            // What a node killed a minute ago leaves behind: its row, and one more connection of
            // the second player's that nothing will ever count out. Planted in one transaction: a
            // sweep that saw the node's row before its connections would forget the node and
            // leave the connection counted for good.
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let key = game.uuidString.lowercased()
            try await server.database.transaction { sql in
                try await sql.insert(into: "parlor_nodes").columns("id", "started_at", "seen_at")
                    .values(SQLBind("killed-node"), SQLBind(now - 120_000), SQLBind(now - 60_000)).run()
                try await sql.insert(into: "game_connections").columns("game", "user_id", "node", "connections")
                    .values(SQLBind(key), SQLBind(guests[1].user), SQLBind("killed-node"), SQLBind(1)).run()
                try await sql.raw("UPDATE game_players SET connections = connections + 1 WHERE game = \(bind: key) AND user_id = \(bind: guests[1].user)").run()
            }
            // The player's own socket closes cleanly; only the killed node's count keeps them "present".
            await leaver.close()

            var left: RealtimePresence?
            while left == nil, let frame = await heard.next() {
                if frame.type == .playerLeft { left = try frame.decode(RealtimePresence.self) }
            }
            #expect(left?.user == guests[1].user, "the other player hears that they are gone")
            let seats = try await server.call(.get, "/games/\(game)", as: guests[0]).json["seats"] as? [[String: Any]] ?? []
            let present = Dictionary(uniqueKeysWithValues: seats.compactMap { seat in (seat["user"] as? String).map { ($0, seat["present"] as? Bool) } })
            #expect(present[guests[1].user] == false)
            #expect(present[guests[0].user] == true, "a node that keeps beating keeps its players")

            let remaining = try await server.database.withConnection { sql in
                (
                    nodes: try await sql.select().column("id").from("parlor_nodes").all().map { try $0.decode(column: "id", as: String.self) },
                    killed: try await sql.select().column("node").from("game_connections").where("node", .equal, "killed-node").all().count
                )
            }
            #expect(remaining.nodes.count == 1 && !remaining.nodes.contains("killed-node"), "only the live node remains: \(remaining.nodes)")
            #expect(remaining.killed == 0)
            await stayer.close()
        }
    }

    private struct StatusProbe: Decodable { var status: String }
}
