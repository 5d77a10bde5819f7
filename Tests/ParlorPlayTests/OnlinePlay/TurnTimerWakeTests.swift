import ParlorDatabase
import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import ParlorClient
import ParlorServer
import ParlorTestSupport
import SQLKit
import Testing
import TestSupport

/// The turn timer sleeps until the earliest stored wake-up time. Here it may sleep a minute, so
/// a deadline that comes within the one-second grace is only met if its notice wakes the timer.
@Suite("Turn timer wake-ups", .timeLimit(.minutes(3)))
struct TurnTimerWakeTests {
    static let longSleep: @Sendable (inout ParlorServices) -> Void = { $0.turnTimerLongestWait = .seconds(60) }

    @Test("a player who leaves on their turn is played for when the grace is over", arguments: TestDatabaseKind.available)
    func leavingOnYourTurn(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: Self.longSleep) { server in
            let table = try await Table(server)
            let mover = try await table.seatToMove()
            let left = ContinuousClock.now
            await table.connections[mover].close()
            #expect(try await table.firedTimeout(), "the bot played for the absent seat")
            let waited = ContinuousClock.now - left
            #expect(waited >= .seconds(1) && waited < .seconds(15), "played for after \(waited), with a one-second grace")
            await table.close()
        }
    }

    @Test("a move into the turn of a player who left is played for when their grace is over", arguments: TestDatabaseKind.available)
    func movingIntoAnAbsentTurn(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: Self.longSleep) { server in
            let table = try await Table(server)
            let mover = try await table.seatToMove()
            let absent = 1 - mover
            let left = ContinuousClock.now
            await table.connections[absent].close()
            // Not their turn yet: the grace starts now, and the deadline comes with the move.
            var random = GameRandom(seed: 9)
            try #require(try await server.playTurn(table.game, guests: table.guests, random: &random) != nil)
            #expect(try await table.firedTimeout(), "the bot played for the absent seat")
            let waited = ContinuousClock.now - left
            #expect(waited >= .seconds(1) && waited < .seconds(15), "played for after \(waited), with a one-second grace")
            await table.close()
        }
    }

    /// A two-player real-time Quortex game with a one-second grace, both players connected.
    struct Table {
        let server: OnlinePlayServer
        let guests: [OnlinePlayServer.Guest]
        let game: UUID
        let connections: [RealtimeConnection]

        init(_ server: OnlinePlayServer) async throws {
            self.server = server
            guests = [try await server.guest(), try await server.guest()]
            game = try await server.table(
                game: "quortex", players: guests, mode: "realtime", extra: #","grace_seconds":1,"timeout_policy":"bot_move""#)
            var connections: [RealtimeConnection] = []
            for guest in guests {
                let connection = try await server.connect(guest)
                try await connection.subscribe(game: game)
                connections.append(connection)
            }
            self.connections = connections
            // Both present before anyone leaves: a seat never seen would have no grace to wait out.
            let table = self
            #expect(await eventually { await table.present() == [true, true] })
        }

        func present() async -> [Bool] {
            let seats = (try? await server.call(.get, "/games/\(game)", as: guests[0]).json["seats"] as? [[String: Any]]) ?? []
            return guests.map { guest in seats.first { $0["user"] as? String == guest.user }?["present"] as? Bool ?? false }
        }

        /// The index of the guest whose turn it is.
        func seatToMove() async throws -> Int {
            let json = try await server.call(.get, "/games/\(game)", as: guests[0]).json
            let turn = try #require((json["current_seats"] as? [Int])?.first)
            let user = try #require((json["seats"] as? [[String: Any]])?.first { $0["seat"] as? Int == turn }?["user"] as? String)
            return try #require(guests.firstIndex { $0.user == user })
        }

        /// Whether a timeout move is stored within 20 s (a bound on a hang, not a speed).
        func firedTimeout() async throws -> Bool {
            await eventually(timeout: .seconds(20)) {
                let kinds = try? await server.database.withConnection { sql in
                    try await sql.raw("SELECT kind FROM game_moves WHERE game = \(bind: game.uuidString.lowercased())").all()
                        .map { try $0.decode(column: "kind", as: String.self) }
                }
                return kinds?.contains("timeout") == true
            }
        }

        func close() async {
            for connection in connections { await connection.close() }
        }
    }
}
