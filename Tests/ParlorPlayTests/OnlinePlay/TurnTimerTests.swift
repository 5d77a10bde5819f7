import Foundation
import GameCore
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// The turn timer finds due games by `wake_at`, which a move never raises, so a move's update of
/// its game leaves every indexed column alone; the timer catches up with a stale wake-up itself.
@Suite("Turn timers")
struct TurnTimerTests {
    @Test(
        "a move pushes the turn timer on: the old deadline fires nothing, the new one fires once",
        arguments: TestDatabaseKind.available)
    func aMovePushesTheTimerOn(kind: TestDatabaseKind) async throws {
        let clock = ManualClock()
        try await withOnlinePlayServer(kind: kind, configure: { $0.now = clock.now }) { server in
            let guests = [try await server.guest(), try await server.guest()]
            let game = try await server.table(
                game: "quortex", players: guests, mode: "turn_based", extra: #","turn_seconds":60,"timeout_policy":"bot_move""#)
            let started = try await Self.timer(of: game, on: server)
            #expect(started.wake == started.deadline && started.deadline != nil)

            clock.advance(seconds: 50)
            var random = GameRandom(seed: 4)
            try #require(try await server.playTurn(game, guests: guests, random: &random) != nil)
            let moved = try await Self.timer(of: game, on: server)
            #expect(moved.seq == 1)
            #expect(moved.wake == started.deadline, "the move left the wake-up where it was")
            #expect(moved.deadline.map { $0 > (started.deadline ?? .max) } == true, "the move pushed the deadline on")

            // Past the first deadline, before the second: the timer only moves its wake-up.
            clock.advance(seconds: 15)
            let caughtUp = try await Self.waitForTimer(of: game, on: server) { $0.wake == moved.deadline }
            #expect(caughtUp.seq == 1, "nothing fired at the deadline the move replaced")

            // Past the second: the bot plays for the seat, once, and the next turn has its own timer.
            clock.advance(seconds: 50)
            let fired = try await Self.waitForTimer(of: game, on: server) { $0.seq == 2 && $0.wake == $0.deadline }
            #expect(fired.deadline.map { $0 > (moved.deadline ?? .max) } == true)
            let kinds = try await server.database.withConnection { sql in
                try await sql.raw("SELECT kind FROM game_moves WHERE game = \(bind: game.uuidString.lowercased()) ORDER BY seq").all()
                    .map { try $0.decode(column: "kind", as: String.self) }
            }
            #expect(kinds.suffix(2) == ["action", "timeout"])
        }
    }

    struct Timer: Equatable {
        var seq: Int
        var deadline: Int64?
        var wake: Int64?
    }

    static func timer(of game: UUID, on server: OnlinePlayServer) async throws -> Timer {
        try await server.database.withConnection { sql in
            let row = try await sql.raw("SELECT seq, deadline_at, wake_at FROM games WHERE id = \(bind: game.uuidString.lowercased())").first()
            let found = try #require(row)
            return Timer(
                seq: try found.decode(column: "seq", as: Int.self), deadline: try found.decode(column: "deadline_at", as: Int64?.self),
                wake: try found.decode(column: "wake_at", as: Int64?.self))
        }
    }

    /// The game's timer once `condition` holds; at most 20 s, a bound on a hang.
    static func waitForTimer(of game: UUID, on server: OnlinePlayServer, until condition: (Timer) -> Bool) async throws -> Timer {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let timer = try await timer(of: game, on: server)
            if condition(timer) || ContinuousClock.now > deadline { return timer }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
