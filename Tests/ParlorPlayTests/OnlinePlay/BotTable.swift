import Foundation
import GameCore
import ParlorClient
import ServerTestSupport
import Synchronization

/// One bot's side of a finished game: what it received, and its socket's statistics.
struct BotResult<Action: Codable & Sendable, View: Codable & Sendable>: Sendable {
    var log: RealtimeBot<Action, View>.Log
    var statistics: RealtimeConnectionStatistics
}

/// Seats a bot for each of `guests`, guest `i` on `nodes[i % nodes.count]`, and plays `game` to
/// its end; the results in guest order. The first guest's socket is killed when it first sees
/// each of `killFirstAt`.
func playToTheEnd<Action: Codable & Sendable, View: Codable & Sendable>(
    _ game: UUID, guests: [OnlinePlayServer.Guest], nodes: [OnlinePlayServer],
    choose: @escaping @Sendable (View, Int, inout GameRandom) -> Action?,
    clock: DeliveryClock? = nil, killFirstAt: Set<Int> = []
) async throws -> [BotResult<Action, View>] {
    try await withThrowingTaskGroup(of: (Int, BotResult<Action, View>).self) { group in
        for (index, guest) in guests.enumerated() {
            let node = index % nodes.count
            let connection = try await nodes[node].connect(guest)
            let pending = Mutex(index == 0 ? killFirstAt : [])
            let kill: @Sendable (Int) async -> Void = { seq in
                if pending.withLock({ $0.remove(seq) }) != nil { await connection.killSocket() }
            }
            group.addTask {
                let bot = RealtimeBot(connection: connection, game: game, choose: choose, clock: clock, node: node)
                let log = try await bot.play(seed: UInt64(index), kill: kill)
                await connection.close()
                return (index, BotResult(log: log, statistics: await connection.statistics))
            }
        }
        return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
