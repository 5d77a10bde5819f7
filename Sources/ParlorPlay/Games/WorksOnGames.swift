import Foundation
import GameCore
import Logging
import ParlorDatabase
import ParlorEvents

/// A play service that works on the node's games (moves, presence, timers, invitations, quick
/// match): it reaches them, and what they share (database, live copies, event bus, clock),
/// through ``GameService``, and no other service's internals.
protocol WorksOnGames: Sendable {
    var games: GameService { get }
}

extension WorksOnGames {
    var database: Database { games.database }
    var cache: LiveGameCache { games.cache }
    var bus: any EventBus { games.bus }
    var logger: Logger { games.logger }
    var node: String { games.node }
    var millis: Int64 { games.millis }
    var engines: GameEngines { games.engines }
    var now: @Sendable () -> Date { games.now }

    func live(_ id: UUID, atLeast seq: Int? = nil) async throws -> LiveGame { try await games.live(id, atLeast: seq) }
    func reload(_ id: UUID) async throws -> LiveGame { try await games.reload(id) }
}
